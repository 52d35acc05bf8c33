/**
 * The account table's queries, all of them: the per-request check of an account (with whether
 * its token was revoked, lib/storage/tokens.ts, in the same statement), an account by name for a
 * login, and the seed's writes of the two accounts. The per-request reads are plain statements:
 * through the ORM the check cost 5 ms a request on PGlite (issue 25), and every visitor's page
 * logs in (issue 34).
 */

import type { PrismaClient } from "@/generated/prisma/client";
import type { Role as AccountRole } from "@/generated/prisma/enums";
import type { SqlRunner } from "@/lib/database/open";

/** An account's password hash and role, and whether token `tokenId` was revoked; null when there is no such account. */
export async function accountWithToken(
  sql: SqlRunner,
  username: string,
  tokenId: string,
): Promise<{ passwordHash: string; role: AccountRole; revoked: boolean } | null> {
  const rows = await sql.query<{ passwordHash: string; role: AccountRole; revoked: boolean }>(
    `SELECT "passwordHash", role, EXISTS (SELECT 1 FROM "RevokedToken" WHERE jti = $2) AS revoked
     FROM "User" WHERE username = $1`,
    [username, tokenId],
  );
  return rows[0] ?? null;
}

/** An account by its exact name, or null. */
export async function accountByName(
  sql: SqlRunner,
  username: string,
): Promise<{ username: string; role: AccountRole; passwordHash: string } | null> {
  const rows = await sql.query<{ username: string; role: AccountRole; passwordHash: string }>(
    `SELECT username, role, "passwordHash" FROM "User" WHERE username = $1`,
    [username],
  );
  return rows[0] ?? null;
}

/** An account's row, or null (the seed). */
export function findUser(prisma: PrismaClient, username: string) {
  return prisma.user.findUnique({ where: { username } });
}

/** Creates or updates an account with this password hash and role. */
export async function saveUser(
  prisma: PrismaClient,
  username: string,
  passwordHash: string,
  role: AccountRole,
): Promise<void> {
  await prisma.user.upsert({
    where: { username },
    create: { username, passwordHash, role },
    update: { passwordHash, role },
  });
}

/** Removes every operator account but `username`. */
export async function deleteOperatorsBut(prisma: PrismaClient, username: string): Promise<void> {
  await prisma.user.deleteMany({ where: { role: "operator", username: { not: username } } });
}
