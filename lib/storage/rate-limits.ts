/**
 * The rate-limit table's queries (RateLimitBucket), for instances sharing their counters on one
 * PostgreSQL (lib/http/rate-limit.ts, decision 004): a hit counted and read in one atomic upsert,
 * a hit released, and expired windows dropped.
 */

import type { SqlRunner } from "@/lib/database/open";

/**
 * Counts a hit on `key`: a new window of `resetAt` when the stored one ended by `now`, else one
 * more in it. The window's count and end after the hit.
 */
export async function hitBucket(
  sql: SqlRunner,
  key: string,
  now: Date,
  resetAt: Date,
): Promise<{ count: number; resetAt: Date }> {
  const rows = await sql.query<{ count: number; expiresAt: Date }>(
    `INSERT INTO "RateLimitBucket" (key, count, "windowStart", "expiresAt") VALUES ($1, 1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN "RateLimitBucket"."expiresAt" <= $2 THEN 1 ELSE "RateLimitBucket".count + 1 END,
       "windowStart" = CASE WHEN "RateLimitBucket"."expiresAt" <= $2 THEN $2 ELSE "RateLimitBucket"."windowStart" END,
       "expiresAt" = CASE WHEN "RateLimitBucket"."expiresAt" <= $2 THEN $3 ELSE "RateLimitBucket"."expiresAt" END
     RETURNING count, "expiresAt"`,
    [key, now, resetAt],
  );
  return { count: Number(rows[0].count), resetAt: new Date(rows[0].expiresAt) };
}

/** Drops the windows that ended before `now`. */
export async function deleteExpiredBuckets(sql: SqlRunner, now: Date): Promise<void> {
  await sql.query(`DELETE FROM "RateLimitBucket" WHERE "expiresAt" < $1`, [now]);
}

/** Takes back one hit of `key`'s current window (a hit that turned out not to count). */
export async function releaseBucketHit(sql: SqlRunner, key: string, now: Date): Promise<void> {
  await sql.query(
    `UPDATE "RateLimitBucket" SET count = count - 1 WHERE key = $1 AND "expiresAt" > $2 AND count > 0`,
    [key, now],
  );
}
