import "server-only";

/** Access tokens: signed JWTs carrying the user's name and role, with issuer, audience and expiry. */

import { errors, jwtVerify, SignJWT } from "jose";
import { env } from "@/lib/env";
import { authSecret } from "./secrets";

export type Role = "reader" | "operator";
export const TOKEN_ISSUER = "global-news-analysis";
export const TOKEN_AUDIENCE = "global-news-analysis/api";

export interface TokenUser {
  username: string;
  role: Role;
}

/** Signs an access token (HS256) with expiry, issuer, audience and role claims. */
export async function signAccessToken(user: TokenUser, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + env.AUTH_TOKEN_TTL_MINUTES * 60;
  const token = await new SignJWT({ role: user.role })
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

export type VerifyResult = { ok: true; user: TokenUser } | { ok: false; reason: "expired" | "invalid" };

/** Verifies a token's signature, issuer, audience, expiry and role claim. */
export async function verifyAccessToken(token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, authSecret(), {
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      algorithms: ["HS256"],
    });
    const role = payload.role;
    if ((role !== "reader" && role !== "operator") || typeof payload.sub !== "string") {
      return { ok: false, reason: "invalid" };
    }
    return { ok: true, user: { username: payload.sub, role } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}
