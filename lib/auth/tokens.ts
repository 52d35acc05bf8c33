import "server-only";

/** Access tokens: signed JWTs carrying the user's name and role, with issuer, audience and expiry. */

import { errors, jwtVerify, SignJWT } from "jose";
import { env } from "@/lib/env";
import { currentCredentials } from "./credentials";
import { authSecret } from "./secrets";

export type Role = "reader" | "operator";
export const TOKEN_ISSUER = "global-news-analysis";
export const TOKEN_AUDIENCE = "global-news-analysis/api";

export interface TokenUser {
  username: string;
  role: Role;
}

/**
 * Signs an access token (HS256) with expiry, issuer, audience, role and credential-stamp claims
 * (lib/auth/credentials.ts). The stamp is the account's current one unless given (login has
 * just read the account).
 */
export async function signAccessToken(
  user: TokenUser,
  now = new Date(),
  stamp?: string,
): Promise<{ token: string; expiresAt: Date }> {
  const cred = stamp ?? (await currentCredentials(user.username))?.stamp;
  if (!cred) throw new Error(`No account ${user.username} to sign a token for.`);
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + env.AUTH_TOKEN_TTL_MINUTES * 60;
  const token = await new SignJWT({ role: user.role, cred })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.username)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(crypto.randomUUID())
    .sign(authSecret());
  return { token, expiresAt: new Date(exp * 1000) };
}

export type VerifyResult =
  | { ok: true; user: TokenUser; stamp: string; tokenId: string; expiresAt: Date }
  | { ok: false; reason: "expired" | "invalid" };

type Verified = Extract<VerifyResult, { ok: true }>;

/**
 * Tokens verified lately, by their exact text, with their expiry (epoch seconds): verifying a
 * signature through WebCrypto cost about 0.4 ms of CPU per request, a tenth of a cached
 * analysis answer (issue 25). Only a token that passed every check is kept; everything the
 * checks read is the token's text and the secret, except the clock, and a later clock can only
 * fail `exp` (`nbf`, passed once, stays passed), so a kept token is taken without the checks
 * until its expiry and then verified again (and refused). The account check still runs on every
 * request (accountStillValid). At most VERIFIED_TOKENS, the oldest dropped first.
 */
const VERIFIED_TOKENS = 1_000;
const verified = new Map<string, { result: Verified; exp: number }>();

/** A JWT segment spelled the one way its bytes encode to (no padding, unused bits zero). */
const canonicalSegment = (segment: string) =>
  /^[A-Za-z0-9_-]+$/.test(segment) && Buffer.from(segment, "base64url").toString("base64url") === segment;

/**
 * Verifies a token's signature, issuer, audience, expiry (required: a token without `exp` would
 * never expire), id, role and stamp claims. Only the canonical spelling of a token counts: the
 * decoder also takes other spellings of a segment's last character and a trailing `=`, each of
 * which would otherwise be a token of its own (issue 23). Whether the stamp is still the
 * account's is accountStillValid's question (it needs the database).
 */
export async function verifyAccessToken(token: string): Promise<VerifyResult> {
  const kept = verified.get(token);
  // jose's expiry rule: expired once `exp` <= now, in whole seconds.
  if (kept && kept.exp > Math.floor(Date.now() / 1000)) return kept.result;
  if (kept) verified.delete(token);
  const segments = token.split(".");
  if (segments.length !== 3 || !segments.every(canonicalSegment)) return { ok: false, reason: "invalid" };
  try {
    const { payload } = await jwtVerify(token, authSecret(), {
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      algorithms: ["HS256"],
      requiredClaims: ["exp", "sub", "jti"],
    });
    const role = payload.role;
    if (
      (role !== "reader" && role !== "operator") ||
      typeof payload.sub !== "string" ||
      typeof payload.cred !== "string" ||
      typeof payload.jti !== "string"
    ) {
      return { ok: false, reason: "invalid" };
    }
    // Shared by every request with this token while it is kept: frozen.
    const result: Verified = Object.freeze({
      ok: true,
      user: Object.freeze({ username: payload.sub, role }),
      stamp: payload.cred,
      tokenId: payload.jti,
      expiresAt: new Date(payload.exp! * 1000),
    });
    verified.set(token, { result, exp: payload.exp! });
    if (verified.size > VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    return result;
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}

/**
 * Whether the account still exists with this role and the password the token was issued under,
 * and the token (`tokenId`, its `jti`) was not ended by a logout.
 */
export async function accountStillValid(user: TokenUser, stamp: string, tokenId?: string): Promise<boolean> {
  const current = await currentCredentials(user.username, tokenId);
  return current !== null && current.role === user.role && current.stamp === stamp && !current.revoked;
}
