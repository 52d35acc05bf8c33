/**
 * The analysis cache table's queries (Analysis: one answer per request key, lib/analysis/cache.ts
 * decides what is cached and for how long): a valid row read in one plain statement (a hot card's
 * every request), an answer written with the expired, old-version and oldest rows dropped, hits
 * added on a transaction, and the row count.
 */

import type { Prisma, PrismaClient } from "@/generated/prisma/client";
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

/** An answer's row as written: its card (if still there), provider, answer and validity. */
export interface AnalysisRowWrite {
  cardId: string | null;
  provider: string;
  model: string;
  result: Prisma.InputJsonValue;
  version: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Writes the answer of `key` (replacing any row of the key, its hits reset), then drops the rows
 * expired by `now` or of another version, and the oldest beyond `maxEntries`.
 */
export async function writeAnalysisRow(
  prisma: PrismaClient,
  key: string,
  row: AnalysisRowWrite,
  maxEntries: number,
): Promise<void> {
  const data = { ...row, hits: 0, lastHitAt: null };
  await prisma.analysis.upsert({
    where: { cacheKey: key },
    create: { cacheKey: key, ...data },
    update: data,
  });
  await prisma.analysis.deleteMany({
    where: { OR: [{ expiresAt: { lte: row.createdAt } }, { version: { not: row.version } }] },
  });
  await prisma.$executeRaw`DELETE FROM "Analysis" WHERE id IN (
    SELECT id FROM "Analysis" ORDER BY "createdAt" DESC, id DESC OFFSET ${maxEntries})`;
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
