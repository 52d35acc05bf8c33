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

/**
 * A fingerprint of the window's articles at `now`: a hash of every id with its last update.
 * Any article stored, changed or gone from the window changes it.
 */
export async function windowFingerprint(
  prisma: PrismaClient,
  now: Date,
): Promise<{ articles: number; hash: string }> {
  const [row] = await prisma.$queryRawUnsafe<{ n: number; h: string }[]>(
    `SELECT count(*)::int AS n,
            md5(coalesce(string_agg("id" || ':' || "updatedAt"::text, ',' ORDER BY "id"), '')) AS h
     FROM "Article" WHERE "publishedAt" >= ($1::timestamptz AT TIME ZONE 'UTC')`,
    newsWindowStart(now).toISOString(),
  );
  return { articles: row.n, hash: row.h };
}
