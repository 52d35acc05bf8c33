/**
 * The revoked-token table's writes: a token ended by a logout, kept until it would have expired.
 * (The per-request check reads it with the account, lib/storage/users.ts accountWithToken.)
 */

import type { SqlRunner } from "@/lib/database/open";

/** Records token `tokenId` as revoked until `expiresAt`, and drops the ids expired by `now`. */
export async function revokeTokenId(
  sql: SqlRunner,
  tokenId: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await sql.query(
    `INSERT INTO "RevokedToken" (jti, "expiresAt") VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING`,
    [tokenId, expiresAt],
  );
  await sql.query(`DELETE FROM "RevokedToken" WHERE "expiresAt" < $1`, [now]);
}
