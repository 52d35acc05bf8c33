/**
 * The analysis cache table's queries (Analysis: one answer per request key, lib/analysis/cache.ts
 * decides what is cached and for how long): a valid row read in one plain statement (a hot card's
 * every request), an answer written with the expired, old-version and oldest rows dropped, hits
 * added on a transaction, and the row count.
 */

import crypto from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";
import type { SqlRunner } from "@/lib/database/open";

/** A valid answer for the key: current version, not expired (times compared in UTC, as Prisma stores them). */
const READ_SQL = `
SELECT result, (extract(epoch FROM "expiresAt") * 1000)::float8 AS "expiresMs" FROM "Analysis"
WHERE "cacheKey" = $1 AND version = $3 AND "expiresAt" > ($2::timestamptz AT TIME ZONE 'UTC')`;

/** The stored answer of `key` in `version` that has not expired by `now`, with its expiry (epoch ms); null when none. */
export async function readAnalysisRow(
  sql: SqlRunner,
  key: string,
  version: string,
  now: Date,
): Promise<{ result: unknown; expiresMs: number } | null> {
  const rows = await sql.query<{ result: unknown; expiresMs: number | string }>(READ_SQL, [
    key,
    now.toISOString(),
    version,
  ]);
  // The column is UTC without a zone: its epoch is read as UTC.
  return rows.length ? { result: rows[0].result, expiresMs: Number(rows[0].expiresMs) } : null;
}

/** An answer's row as written: the card it was asked for, provider, answer (JSON) and validity. */
export interface AnalysisRowWrite {
  /** Kept only while that card exists (it may be gone, or never have existed). */
  cardId: string | null;
  provider: string;
  model: string;
  result: unknown;
  version: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * The answer's row, replacing any row of its key (hits reset), its card's id only if that card
 * exists. Plain SQL with the answer as one JSON parameter: through Prisma's query compiler, an
 * answer of some 20 KB cost the request path several ms of main-thread work on every write.
 */
const WRITE_SQL = `
INSERT INTO "Analysis" (id, "cacheKey", "cardId", provider, model, result, version, hits, "createdAt", "expiresAt", "lastHitAt")
VALUES ($1, $2, (SELECT id FROM "ComparisonCard" WHERE id = $3), $4, $5, $6::jsonb, $7, 0, ($8::timestamptz AT TIME ZONE 'UTC'), ($9::timestamptz AT TIME ZONE 'UTC'), NULL)
ON CONFLICT ("cacheKey") DO UPDATE SET
  "cardId" = EXCLUDED."cardId", provider = EXCLUDED.provider, model = EXCLUDED.model,
  result = EXCLUDED.result, version = EXCLUDED.version, hits = 0,
  "createdAt" = EXCLUDED."createdAt", "expiresAt" = EXCLUDED."expiresAt", "lastHitAt" = NULL`;

/** Rows expired by $1 or of another version than $2. */
const DROP_STALE_SQL = `
DELETE FROM "Analysis"
WHERE "expiresAt" <= ($1::timestamptz AT TIME ZONE 'UTC') OR version <> $2`;

/** The oldest rows beyond the first $1. */
const DROP_OLDEST_SQL = `
DELETE FROM "Analysis" WHERE id IN (
  SELECT id FROM "Analysis" ORDER BY "createdAt" DESC, id DESC OFFSET $1)`;

/**
 * Writes the answer of `key` (replacing any row of the key, its hits reset), then drops the rows
 * expired by `now` or of another version, and the oldest beyond `maxEntries`.
 */
export async function writeAnalysisRow(
  sql: SqlRunner,
  key: string,
  row: AnalysisRowWrite,
  maxEntries: number,
): Promise<void> {
  await sql.query(WRITE_SQL, [
    crypto.randomUUID(),
    key,
    row.cardId,
    row.provider,
    row.model,
    JSON.stringify(row.result),
    row.version,
    row.createdAt.toISOString(),
    row.expiresAt.toISOString(),
  ]);
  await sql.query(DROP_STALE_SQL, [row.createdAt.toISOString(), row.version]);
  await sql.query(DROP_OLDEST_SQL, [maxEntries]);
}

/** Adds `hits` to the row of `key` and sets its last hit, on the caller's transaction. */
export async function addAnalysisHits(
  tx: SqlRunner,
  key: string,
  hits: number,
  lastHitAt: Date,
): Promise<void> {
  await tx.query(
    `UPDATE "Analysis" SET hits = hits + $2, "lastHitAt" = ($3::timestamptz AT TIME ZONE 'UTC') WHERE "cacheKey" = $1`,
    [key, hits, lastHitAt.toISOString()],
  );
}

/** How many answers the cache holds. */
export function countAnalysisRows(prisma: PrismaClient): Promise<number> {
  return prisma.analysis.count();
}
