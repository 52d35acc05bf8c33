/**
 * Stores a window of synthetic news (scripts/bench/synthetic-news.ts) as articles of the 19 known
 * outlets, spread over the last 48 hours so every one is inside the news window: the data of the
 * benchmarks that load a database (load-news.ts, edge-costs.ts, hostile-load.ts) and of the
 * hostile-clients resilience test; and feeds made fresh on loopback, with the pairs left empty.
 */
import crypto from "node:crypto";
import { COUNTRY_IDS } from "@/lib/catalog";
import type { Database } from "@/lib/database/open";
import { KNOWN_SOURCES, isAvailable } from "@/lib/sources/registry";
import { generateSyntheticNews } from "../synthetic-news";

/** Stores `count` synthetic articles (the same ones for the same count); answers how many were new. */
export async function storeSyntheticWindow(db: Database, count: number, now = Date.now()): Promise<number> {
  const outlets = KNOWN_SOURCES.filter(isAvailable).map((s) => s.id);
  const { articles } = generateSyntheticNews(count);
  const newest = Math.max(...articles.map((a) => a.publishedAt.getTime()));
  const oldest = Math.min(...articles.map((a) => a.publishedAt.getTime()));
  const rows = articles.map((a) => {
    const url = `https://bench.test/${a.id}`;
    // Squeeze the synthetic 72 hours into the last 48, so every article is inside the window.
    const at =
      now - 3_600_000 - ((newest - a.publishedAt.getTime()) / Math.max(1, newest - oldest)) * 47 * 3_600_000;
    const source =
      outlets[
        Number.parseInt(crypto.createHash("sha1").update(a.sourceId).digest("hex").slice(0, 8), 16) %
          outlets.length
      ];
    return {
      canonicalUrl: url,
      url,
      title: a.title,
      summary: a.summary,
      content: `${a.summary} ${a.title}`,
      publishedAt: new Date(at),
      sourceId: source,
      category: a.category ?? "general",
      countries: a.countries ?? ["us"],
      contentHash: crypto.createHash("sha256").update(url).digest("hex"),
      titleHash: crypto.createHash("sha256").update(a.title).digest("hex"),
    };
  });
  let stored = 0;
  for (let i = 0; i < rows.length; i += 1000)
    stored += (await db.prisma.article.createMany({ data: rows.slice(i, i + 1000), skipDuplicates: true }))
      .count;
  return stored;
}

/**
 * Points every feed at `feedBase` + its id's path (a feed server on loopback) and marks it
 * fetched just now, so on-demand generation does not fetch it (with `stale`, never fetched, so it
 * does); answers up to `count` country/category pairs that some available outlet has a feed for
 * and no live card covers.
 */
export async function freshFeedsAndEmptyPairs(
  db: Database,
  feedBase: string,
  count: number,
  { stale = false }: { stale?: boolean } = {},
): Promise<{ country: string; category: string }[]> {
  await db.sql.query(
    `UPDATE "Feed" SET "url" = $1 || replace("id", ':', '/'),
       "lastFetchedAt" = CASE WHEN $2 THEN NULL ELSE (now() AT TIME ZONE 'UTC') END`,
    [feedBase, stale],
  );
  const pairs = await db.sql.query<{ country: string; category: string }>(
    `SELECT DISTINCT c AS country, f."category"::text AS category
     FROM "Feed" f JOIN "Source" s ON s."id" = f."sourceId", unnest(array_append(s."coverage", s."country")) c
     WHERE s."available" AND NOT EXISTS (
       SELECT 1 FROM "ComparisonCard" k
       WHERE k."retiredAt" IS NULL AND k."category"::text = f."category"::text AND c = ANY(k."countries"))
     ORDER BY 1, 2`,
  );
  return pairs.filter((p) => (COUNTRY_IDS as string[]).includes(p.country)).slice(0, count);
}
