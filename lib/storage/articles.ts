/**
 * The article table's queries, all of them: the ingest's writes (an upsert by canonical URL, a
 * near-duplicate's twin found and overwritten, the purge of what left the window; plain SQL on the
 * database's own runner, since Prisma's per-query cost was most of the ingest's time on PGlite,
 * scripts/bench/ingest.ts, docs/decisions/011-ingest-store-sql.md; timestamps are stored as UTC
 * wall time in TIMESTAMP(3) columns, exactly as Prisma stores them, so Prisma reads them back
 * unchanged), the news window as the clusterer reads it and its fingerprint, the topic search's
 * matches, the counts the metrics, the refresh and an outlet's profile read, and the demo
 * snapshot's removal. lib/ingest/store.ts decides what the ingest writes.
 */

import crypto from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";
import type { ClusterArticle } from "@/lib/cluster/types";
import type { SqlRunner } from "@/lib/database/open";
import type { NormalizedArticle } from "@/lib/ingest/normalize";
import { newsWindowStart } from "@/lib/news-window";
import { NOW_UTC, utc } from "./sql-time";
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

/** Where and when an ingest writes a feed's articles. */
export interface ArticleWrite {
  sourceId: string;
  /** Null for saved files of an outlet without a registered feed (Reuters). */
  feedId: string | null;
  /** The fetch's window end, written as each new or changed article's fetch time. */
  windowEnd: Date;
  isDemo?: boolean;
}

/** A stored article of an outlet with a given headline (a near-duplicate candidate). */
export type Twin = {
  id: string;
  canonicalUrl: string;
  contentHash: string;
  titleHash: string;
  publishedMs: number;
};

/**
 * When a stored article may take a changed copy: only from a fetch that ended no earlier than
 * the one that wrote it ("fetchedAt", the fetch's window end). A saved file of an older day
 * (--from-dir) thus never overwrites the copy of a newer day, whatever order files come in,
 * and re-ingesting a folder changes nothing. Live runs end at the clock, so they always may.
 * `incoming` is an SQL expression for the new copy's fetch time (a TIMESTAMP(3) holding UTC).
 */
const MAY_OVERWRITE = (incoming: string) => `"Article"."fetchedAt" <= ${incoming}`;

// Text columns of Article filled from a NormalizedArticle, in INSERT order, and what each
// falls back to when its parameter is NULL: most items' content is their summary and their
// link their canonical URL, so those are sent once (the parameters are most of the bytes).
const TEXT_COLUMNS = [
  "canonicalUrl",
  "url",
  "guid",
  "title",
  "summary",
  "content",
  "imageUrl",
  "author",
  "category",
  "contentHash",
  "titleHash",
] as const;
const FALLBACK: Partial<Record<(typeof TEXT_COLUMNS)[number], (typeof TEXT_COLUMNS)[number]>> = {
  url: "canonicalUrl",
  content: "summary",
};
// Columns of an enum type: their text parameter is cast to it (text has no implicit cast to an enum).
const ENUM_TYPE: Partial<Record<(typeof TEXT_COLUMNS)[number], string>> = { category: `"Category"` };
// What a changed item updates; its URL, publication time, outlet and category stay.
const UPDATED_COLUMNS = [
  "url",
  "guid",
  "title",
  "summary",
  "content",
  "imageUrl",
  "author",
  "countries",
  "contentHash",
  "titleHash",
  "fetchedAt",
  "updatedAt",
];

/**
 * Upserts articles by canonical URL in one statement: each column travels as one array
 * parameter and unnest() turns them into rows. A new URL is inserted; a known URL of the
 * same outlet whose content changed is updated; anything else is left alone. RETURNING
 * tells inserts (xmax = 0) from updates; rows not returned were unchanged. This also stays
 * correct when two feeds of an outlet insert the same URL at once on PostgreSQL.
 */
export async function upsertArticles(
  tx: SqlRunner,
  articles: NormalizedArticle[],
  input: ArticleWrite,
): Promise<{ inserted: number; updated: number }> {
  const n = TEXT_COLUMNS.length;
  const name = (c: (typeof TEXT_COLUMNS)[number]) => `c${TEXT_COLUMNS.indexOf(c)}`;
  const text = (c: (typeof TEXT_COLUMNS)[number]) =>
    FALLBACK[c] ? `COALESCE(${name(c)}, ${name(FALLBACK[c]!)})` : name(c);
  const values = TEXT_COLUMNS.map((c) => (ENUM_TYPE[c] ? `${text(c)}::${ENUM_TYPE[c]}` : text(c)));
  // Counted in SQL: one row back instead of one per article.
  const sql = `
    WITH written AS (
    INSERT INTO "Article" ("id", ${TEXT_COLUMNS.map((c) => `"${c}"`).join(", ")}, "publishedAt", "countries", "sourceId", "feedId", "fetchedAt", "isDemo", "createdAt", "updatedAt")
    SELECT id, ${values.join(", ")}, ${utc("published")}, string_to_array(countries, ','),
           $${n + 4}, $${n + 5}, ${utc(`$${n + 6}`)}, $${n + 7}::boolean, ${NOW_UTC}, ${NOW_UTC}
    FROM unnest(${TEXT_COLUMNS.map((_, i) => `$${i + 1}::text[]`).join(", ")}, $${n + 1}::text[], $${n + 2}::text[], $${n + 3}::text[])
      AS t(${TEXT_COLUMNS.map(name).join(", ")}, published, countries, id)
    ON CONFLICT ("canonicalUrl") DO UPDATE SET ${UPDATED_COLUMNS.map((c) => `"${c}" = EXCLUDED."${c}"`).join(", ")}
      WHERE "Article"."sourceId" = EXCLUDED."sourceId" AND "Article"."contentHash" <> EXCLUDED."contentHash"
        AND ${MAY_OVERWRITE(`EXCLUDED."fetchedAt"`)}
    RETURNING (xmax = 0) AS inserted)
    SELECT (count(*) FILTER (WHERE inserted))::int AS inserted, count(*)::int AS written FROM written`;
  const column = (c: (typeof TEXT_COLUMNS)[number]) => {
    const fallback = FALLBACK[c];
    return articles.map((a) => (fallback && a[c] === a[fallback] ? null : a[c]));
  };
  const [{ inserted, written }] = await tx.query<{ inserted: number; written: number }>(sql, [
    ...TEXT_COLUMNS.map(column),
    articles.map((a) => a.publishedAt.toISOString()),
    articles.map((a) => a.countries.join(",")),
    articles.map(() => crypto.randomUUID()),
    input.sourceId,
    input.feedId,
    input.windowEnd.toISOString(),
    input.isDemo ?? false,
  ]);
  return { inserted, updated: written - inserted };
}

/** The outlet's articles published since `since` whose headline hashes to one of `titleHashes`. */
export function findTitleTwins(
  tx: SqlRunner,
  sourceId: string,
  titleHashes: string[],
  since: Date,
): Promise<Twin[]> {
  return tx.query<Twin>(
    `SELECT "id", "canonicalUrl", "contentHash", "titleHash", (extract(epoch FROM "publishedAt") * 1000)::float8 AS "publishedMs"
     FROM "Article" WHERE "sourceId" = $1 AND "titleHash" = ANY($2::text[]) AND "publishedAt" >= ${utc("$3")}`,
    [sourceId, titleHashes, since.toISOString()],
  );
}

/** Writes a changed copy over its stored twin; false when the twin came from a later fetch. */
export async function updateTwin(
  tx: SqlRunner,
  id: string,
  a: NormalizedArticle,
  fetchedAt: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE "Article" SET "url" = $2, "guid" = $3, "title" = $4, "summary" = $5, "content" = $6, "imageUrl" = $7, "author" = $8,
       "countries" = string_to_array($9, ','), "contentHash" = $10, "titleHash" = $11, "fetchedAt" = ${utc("$12")}, "updatedAt" = ${NOW_UTC}
     WHERE "id" = $1 AND ${MAY_OVERWRITE(utc("$12"))} RETURNING 1`,
    [
      id,
      a.url,
      a.guid,
      a.title,
      a.summary,
      a.content,
      a.imageUrl,
      a.author,
      a.countries.join(","),
      a.contentHash,
      a.titleHash,
      fetchedAt.toISOString(),
    ],
  );
  return rows.length > 0;
}

/** Deletes articles published before the 72-hour window that ends at windowEnd. */
export async function purgeOldArticles(sql: SqlRunner, windowEnd: Date): Promise<number> {
  const [row] = await sql.query<{ count: number }>(
    `WITH gone AS (DELETE FROM "Article" WHERE "publishedAt" < ${utc("$1")} RETURNING 1) SELECT count(*)::int AS count FROM gone`,
    [newsWindowStart(windowEnd).toISOString()],
  );
  return row.count;
}

/**
 * A topic search's matching articles, newest first, each with its live card. "searchVector" is
 * the English full-text of title and summary that the database generates and indexes
 * (prisma/migrations/*_article_search); plainto_tsquery takes any text (no operators, never a
 * syntax error) and asks for every word of it, stemmed as the column is. The card is looked up
 * for the page of hits only. Times are stored in UTC without a zone.
 */
export const SEARCH_SQL = `
WITH hits AS (
  SELECT id, "publishedAt" FROM "Article"
  WHERE "searchVector" @@ plainto_tsquery('english', $1)
    AND "publishedAt" >= ($2::timestamptz AT TIME ZONE 'UTC')
    AND (cardinality($3::text[]) = 0 OR "countries" && $3::text[])
  ORDER BY "publishedAt" DESC, id ASC
  LIMIT $4
)
SELECT a.id, a.title, a.summary, a.url, a."imageUrl", a.category::text AS category, a.countries,
  a."sourceId", a."publishedAt" AT TIME ZONE 'UTC' AS "publishedAt",
  (SELECT ca."cardId" FROM "CardArticle" ca JOIN "ComparisonCard" c ON c.id = ca."cardId"
   WHERE ca."articleId" = a.id AND c."retiredAt" IS NULL ORDER BY ca."cardId" LIMIT 1) AS "cardId"
FROM hits JOIN "Article" a ON a.id = hits.id
ORDER BY hits."publishedAt" DESC, hits.id ASC`;

/** A stored article matching a search, with its live card. */
export interface SearchHit {
  id: string;
  title: string;
  summary: string;
  url: string;
  imageUrl: string | null;
  category: string;
  countries: string[];
  sourceId: string;
  publishedAt: Date;
  cardId: string | null;
}

/** Up to `limit` articles published since `since` matching `q` (SEARCH_SQL), newest first. */
export function searchArticleHits(
  sql: SqlRunner,
  search: { q: string; since: string; country: string[]; limit: number },
): Promise<SearchHit[]> {
  return sql.query<SearchHit>(SEARCH_SQL, [search.q, search.since, search.country, search.limit]);
}

/** How many articles are stored. */
export function countArticles(prisma: PrismaClient): Promise<number> {
  return prisma.article.count();
}

/** How many stored articles are (or are not) of the demo snapshot. */
export function countArticlesByDemo(prisma: PrismaClient, isDemo: boolean): Promise<number> {
  return prisma.article.count({ where: { isDemo } });
}

/** An outlet's articles published since `since`, counted per feed and per demo flag. */
export function articlesPerFeedSince(prisma: PrismaClient, sourceId: string, since: Date) {
  return prisma.article.groupBy({
    by: ["feedId", "isDemo"],
    where: { sourceId, publishedAt: { gte: since } },
    _count: { _all: true },
  });
}

/** How many of an outlet's articles published since `since` sit in a live card of that window. */
export function countArticlesInLiveStories(
  prisma: PrismaClient,
  sourceId: string,
  since: Date,
): Promise<number> {
  const live = { retiredAt: null, latestPublishedAt: { gte: since } };
  return prisma.article.count({
    where: { sourceId, publishedAt: { gte: since }, cards: { some: { card: live } } },
  });
}
