/**
 * The article table's reads and deletes outside ingest (which writes through lib/ingest/store.ts):
 * the news window as the clusterer reads it, and the demo snapshot's removal.
 */

import type { PrismaClient } from "@/generated/prisma/client";
import type { ClusterArticle } from "@/lib/cluster/types";
import { newsWindowStart } from "@/lib/news-window";
import { readInPages } from "./yield";

/** An article of the window, as clustering reads it, and whether it came from the demo snapshot. */
export interface WindowArticle extends ClusterArticle {
  isDemo: boolean;
}

/**
 * Rows per read of the window: on PGlite a query holds the event loop for its whole time, and
 * all 5,300 articles of a large window in one read held it about 470 ms (load average 7, two
 * cores); pages of 250 held it at most 73–115 ms, warm, with the load average at 14–20. The
 * probe answers between pages (PGlite answers without I/O, so consecutive queries would never
 * let the event loop turn: each page yields).
 */
const PAGE_ROWS = 250;

/** Every article published within the 72-hour window ending at `now`, read in pages by id. */
export function loadWindowArticles(prisma: PrismaClient, now: Date): Promise<WindowArticle[]> {
  return readInPages(PAGE_ROWS, (after, take) =>
    prisma.article.findMany({
      where: { publishedAt: { gte: newsWindowStart(now) }, id: { gt: after } },
      orderBy: { id: "asc" },
      take,
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
    }),
  );
}

/** Deletes the demo snapshot's articles; the count deleted. */
export async function deleteDemoArticles(prisma: PrismaClient): Promise<number> {
  const { count } = await prisma.article.deleteMany({ where: { isDemo: true } });
  return count;
}

/**
 * Slices the window's fingerprint is read in: one statement over all 5,300 articles of a large
 * window read every row's page, 118 ms in one block on a server just started on a fresh database
 * (cold pages, issue 34); a slice of six hours reads a twelfth of them.
 */
const FINGERPRINT_SLICES = 12;
const OPEN_END = new Date("9999-12-31T00:00:00Z");

/**
 * A fingerprint of the window's articles at `now`: how many there are and the latest update of
 * any. Articles enter the window only by being stored (a new latest update) and leave it by
 * age or deletion (one fewer), so any change to the window changes one of the two. Aggregates,
 * not a hash of every row: on PGlite a query holds the event loop, and hashing 5,300 rows took
 * 110–200 ms against 10–40 ms for these (load average 7, two cores); read in slices of the window
 * by publication time, each its own statement.
 */
export async function windowFingerprint(
  prisma: PrismaClient,
  now: Date,
): Promise<{ articles: number; hash: string }> {
  const start = newsWindowStart(now).getTime();
  const step = (now.getTime() - start) / FINGERPRINT_SLICES;
  let articles = 0;
  let latest = "";
  for (let i = 0; i < FINGERPRINT_SLICES; i++) {
    // The last slice is open-ended: an article dated ahead of `now` is in the window too.
    const end = i === FINGERPRINT_SLICES - 1 ? OPEN_END : new Date(start + (i + 1) * step);
    const [row] = await prisma.$queryRawUnsafe<{ n: number; latest: string | null }[]>(
      `SELECT count(*)::int AS n, max("updatedAt")::text AS latest FROM "Article"
       WHERE "publishedAt" >= ($1::timestamptz AT TIME ZONE 'UTC')
         AND "publishedAt" < ($2::timestamptz AT TIME ZONE 'UTC')`,
      new Date(start + i * step).toISOString(),
      end.toISOString(),
    );
    articles += row.n;
    if (row.latest && row.latest > latest) latest = row.latest;
  }
  return { articles, hash: `${articles}@${latest}` };
}
