/**
 * Stage 4: one feed's articles, its fetch state and its outcome, committed together in one
 * transaction, so a crash never leaves half a feed (or an ETag saved for articles that were
 * not). Articles upsert by canonical URL: a re-run adds nothing twice and a changed item is
 * updated in place, unless the stored copy came from a later fetch. Near-duplicates from the
 * same outlet (same headline, another URL) collapse into the article already stored. Only the
 * last 72 hours are kept.
 *
 * Plain SQL on the database's own runner rather than Prisma: this is the pipeline's hot
 * path, and Prisma's per-query cost was most of the time on PGlite (scripts/bench/ingest.ts,
 * docs/decisions/011-ingest-store-sql.md). Timestamps are stored as UTC wall time in
 * TIMESTAMP(3) columns, exactly as Prisma stores them, so Prisma reads them back unchanged.
 */

import crypto from "node:crypto";
import type { CategoryId } from "@/lib/catalog";
import type { SqlRunner } from "@/lib/database/open";
import { NEWS_WINDOW_MS, newsWindowStart } from "@/lib/news-window";
import type { FeedState } from "./feed-state";
import type { NormalizedArticle } from "./normalize";

/** Two items of one outlet with the same headline this close in time are one story. */
const NEAR_DUPLICATE_MS = 48 * 3_600_000;

export type OutcomeStatus = "ok" | "not_modified" | "error" | "skipped";

export interface FeedOutcome {
  status: OutcomeStatus;
  httpStatus: number | null;
  bytes: number;
  items: number;
  error: string | null;
}

export interface StoreInput {
  runId: string;
  sourceId: string;
  /** Null for saved files of an outlet without a registered feed (Reuters). */
  feedId: string | null;
  category: CategoryId;
  articles: NormalizedArticle[];
  /**
   * The end of the 72-hour window: the run's clock, or a saved file's newest item. Also the
   * fetch time written on new and changed articles.
   */
  windowEnd: Date;
  isDemo?: boolean;
  /** The feed's new fetch state, when it was fetched (not for saved files). */
  feedState?: FeedState;
  outcome: FeedOutcome;
  /** performance.now() when work on the feed began; the outcome's duration ends at commit. */
  startedAt: number;
}

export interface StoreCounts {
  newCount: number;
  updated: number;
  unchanged: number;
  /** Items older than the 72-hour window, not stored. */
  tooOld: number;
  /** From the start of work on the feed to the commit. */
  durationMs: number;
}

type Twin = { id: string; canonicalUrl: string; contentHash: string; titleHash: string; publishedMs: number };

/** An ISO instant as a TIMESTAMP(3) holding UTC (the form Prisma writes). */
const utc = (param: string) => `(${param}::timestamptz AT TIME ZONE 'UTC')`;
const NOW_UTC = "(now() AT TIME ZONE 'UTC')";

/**
 * When a stored article may take a changed copy: only from a fetch that ended no earlier than
 * the one that wrote it ("fetchedAt", the fetch's window end). A saved file of an older day
 * (--from-dir) thus never overwrites the copy of a newer day, whatever order files come in,
 * and re-ingesting a folder changes nothing. Live runs end at the clock, so they always may.
 * `incoming` is an SQL expression for the new copy's fetch time (a TIMESTAMP(3) holding UTC).
 */
const MAY_OVERWRITE = (incoming: string) => `"Article"."fetchedAt" <= ${incoming}`;

function uniqueItems(articles: NormalizedArticle[]): NormalizedArticle[] {
  const urls = new Set<string>();
  const titles = new Set<string>();
  return articles.filter((a) => {
    if (urls.has(a.canonicalUrl) || (a.collapsible && titles.has(a.titleHash))) return false;
    urls.add(a.canonicalUrl);
    if (a.collapsible) titles.add(a.titleHash);
    return true;
  });
}

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
async function upsertArticles(
  tx: SqlRunner,
  articles: NormalizedArticle[],
  input: StoreInput,
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

async function findTwins(tx: SqlRunner, items: NormalizedArticle[], input: StoreInput, windowStart: number) {
  const twins = new Map<string, Twin[]>();
  const hashes = [...new Set(items.filter((a) => a.collapsible).map((a) => a.titleHash))];
  if (!hashes.length) return twins;
  const rows = await tx.query<Twin>(
    `SELECT "id", "canonicalUrl", "contentHash", "titleHash", (extract(epoch FROM "publishedAt") * 1000)::float8 AS "publishedMs"
     FROM "Article" WHERE "sourceId" = $1 AND "titleHash" = ANY($2::text[]) AND "publishedAt" >= ${utc("$3")}`,
    [input.sourceId, hashes, new Date(windowStart).toISOString()],
  );
  for (const row of rows) twins.set(row.titleHash, [...(twins.get(row.titleHash) ?? []), row]);
  return twins;
}

/** Writes a changed copy over its stored twin; false when the twin came from a later fetch. */
async function updateTwin(
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

async function updateFeedState(tx: SqlRunner, feedId: string, state: FeedState) {
  const entries = Object.entries(state).filter(([, v]) => v !== undefined);
  const sets = entries.map(
    ([column, value], i) => `"${column}" = ${value instanceof Date ? utc(`$${i + 2}`) : `$${i + 2}`}`,
  );
  await tx.query(`UPDATE "Feed" SET ${sets.join(", ")}, "updatedAt" = ${NOW_UTC} WHERE "id" = $1`, [
    feedId,
    ...entries.map(([, v]) => (v instanceof Date ? v.toISOString() : v)),
  ]);
}

async function insertOutcome(tx: SqlRunner, input: StoreInput, counts: StoreCounts) {
  const o = input.outcome;
  await tx.query(
    `INSERT INTO "IngestOutcome" ("id", "runId", "sourceId", "feedId", "category", "status", "httpStatus", "bytes", "items",
       "newCount", "updated", "unchanged", "durationMs", "error", "createdAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, ${NOW_UTC})`,
    [
      crypto.randomUUID(),
      input.runId,
      input.sourceId,
      input.feedId,
      input.category,
      o.status,
      o.httpStatus,
      o.bytes,
      o.items,
      counts.newCount,
      counts.updated,
      counts.unchanged,
      counts.durationMs,
      o.error,
    ],
  );
}

/** Stores one feed's result in one transaction and returns what changed. */
export async function storeFeedResult(sql: SqlRunner, input: StoreInput): Promise<StoreCounts> {
  const windowStart = input.windowEnd.getTime() - NEWS_WINDOW_MS;
  const fresh = input.articles.filter((a) => a.publishedAt.getTime() >= windowStart);
  const items = uniqueItems(fresh);
  // Repeats within the feed itself count as unchanged.
  const counts: StoreCounts = {
    newCount: 0,
    updated: 0,
    unchanged: fresh.length - items.length,
    tooOld: input.articles.length - fresh.length,
    durationMs: 0,
  };

  return sql.transaction(async (tx) => {
    // Losing the last commits in a crash costs nothing here: the feed's fetch state is in
    // the same transaction, so the feed is simply fetched again. Saves a flush per feed.
    await tx.exec("SET LOCAL synchronous_commit TO OFF");

    // Near-duplicates: the outlet's articles with the same headline under another URL.
    const twins = await findTwins(tx, items, input, windowStart);
    const upserts: NormalizedArticle[] = [];
    const collapsed: { twin: Twin; article: NormalizedArticle }[] = [];
    for (const a of items) {
      const same = twins.get(a.titleHash) ?? [];
      const twin = same.find((t) => Math.abs(t.publishedMs - a.publishedAt.getTime()) <= NEAR_DUPLICATE_MS);
      if (twin && !same.some((t) => t.canonicalUrl === a.canonicalUrl)) collapsed.push({ twin, article: a });
      else upserts.push(a);
    }

    if (upserts.length) {
      const { inserted, updated } = await upsertArticles(tx, upserts, input);
      counts.newCount = inserted;
      counts.updated = updated;
      counts.unchanged += upserts.length - inserted - updated;
    }
    for (const { twin, article } of collapsed) {
      if (twin.contentHash === article.contentHash) {
        counts.unchanged++;
        continue;
      }
      if (await updateTwin(tx, twin.id, article, input.windowEnd)) counts.updated++;
      else counts.unchanged++;
    }

    if (input.feedId && input.feedState) await updateFeedState(tx, input.feedId, input.feedState);
    counts.durationMs = Math.round(performance.now() - input.startedAt);
    await insertOutcome(tx, input, counts);
    return counts;
  });
}

/** Deletes articles published before the 72-hour window that ends at windowEnd. */
export async function purgeOldArticles(sql: SqlRunner, windowEnd: Date): Promise<number> {
  const [row] = await sql.query<{ count: number }>(
    `WITH gone AS (DELETE FROM "Article" WHERE "publishedAt" < ${utc("$1")} RETURNING 1) SELECT count(*)::int AS count FROM gone`,
    [newsWindowStart(windowEnd).toISOString()],
  );
  return row.count;
}
