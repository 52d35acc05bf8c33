/**
 * The article table's reads and deletes outside ingest (which writes through lib/ingest/store.ts):
 * the news window as the clusterer reads it, and the demo snapshot's removal.
 */

import type { PrismaClient } from "@/generated/prisma/client";
import type { ClusterArticle } from "@/lib/cluster/types";
import { newsWindowStart } from "@/lib/news-window";

/** An article of the window, as clustering reads it, and whether it came from the demo snapshot. */
export interface WindowArticle extends ClusterArticle {
  isDemo: boolean;
}

/** Every article published within the 72-hour window ending at `now`. */
export function loadWindowArticles(prisma: PrismaClient, now: Date): Promise<WindowArticle[]> {
  return prisma.article.findMany({
    where: { publishedAt: { gte: newsWindowStart(now) } },
    select: {
      id: true,
      title: true,
      summary: true,
      url: true,
      sourceId: true,
      publishedAt: true,
      category: true,
      countries: true,
      imageUrl: true,
      isDemo: true,
    },
  });
}

/** Deletes the demo snapshot's articles; the count deleted. */
export async function deleteDemoArticles(prisma: PrismaClient): Promise<number> {
  const { count } = await prisma.article.deleteMany({ where: { isDemo: true } });
  return count;
}
