/**
 * Ties an access token to the password it was issued under: the token carries a stamp of the
 * account's password hash (an HMAC with the token secret, so it says nothing of the hash), and a
 * token whose stamp no longer matches (the password changed, the account is gone or has another
 * role) is refused. Changing the operator password (OPERATOR_PASSWORD, applied at start by the
 * seed) therefore ends the operator's existing tokens (issue 14).
 */
import "server-only";
import crypto from "node:crypto";
import { getDatabase } from "@/lib/db";
import { revokeTokenId } from "@/lib/storage/tokens";
import { accountByName as findAccount, accountWithToken } from "@/lib/storage/users";
import { authSecret } from "./secrets";
import type { Role } from "./tokens";

/** Stamps of the password hashes read lately (a few accounts): one HMAC per hash, not per request. */
const STAMPS_KEPT = 64;
const stamps = new Map<string, string>();

/** The stamp of a password hash. */
export function credentialStamp(passwordHash: string): string {
  let stamp = stamps.get(passwordHash);
  if (stamp === undefined) {
    stamp = crypto.createHmac("sha256", authSecret()).update(passwordHash).digest("base64url").slice(0, 22);
    stamps.set(passwordHash, stamp);
    if (stamps.size > STAMPS_KEPT) stamps.delete(stamps.keys().next().value!);
  }
  return stamp;
}

/**
 * An account's current stamp and role, and whether the token `tokenId` (its `jti`) was ended by a
 * logout; null when no such account exists. Every authenticated request asks this, so it is one
 * plain statement: through the ORM it cost 5 ms a request on PGlite, as much as the rest of a
 * cached analysis answer (issue 25).
 */
export async function currentCredentials(
  username: string,
  tokenId = "",
): Promise<{ stamp: string; role: Role; revoked: boolean } | null> {
  const user = await accountWithToken(getDatabase().sql, username, tokenId);
  return user ? { stamp: credentialStamp(user.passwordHash), role: user.role, revoked: user.revoked } : null;
}

/**
 * An account by its exact name, for a login: one plain statement, as the per-request check
 * (currentCredentials) is, since every visitor's page logs in (issue 34).
 */
export function accountByName(
  username: string,
): Promise<{ username: string; role: Role; passwordHash: string } | null> {
  return findAccount(getDatabase().sql, username);
}

/**
 * Ends one token before its expiry (a logout): its id is kept until it would have expired, and
 * ids past that are dropped on the way.
 */
export async function revokeToken(tokenId: string, expiresAt: Date, now = new Date()): Promise<void> {
  await revokeTokenId(getDatabase().sql, tokenId, expiresAt, now);
}
