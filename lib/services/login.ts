import "server-only";

/**
 * The login behind POST /api/v1/auth/login: credentials checked, attempts limited, a token
 * issued.
 */

import { DUMMY_HASH, verifyPassword } from "@/lib/auth/password";
import { signAccessToken } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { assertNotLimited, consume, record } from "@/lib/http/rate-limit";
import type { LoginBody, LoginResponse } from "@/lib/schemas/auth";

/**
 * Checks credentials and issues a token. Every attempt counts against the caller's IP; failed
 * attempts count against the username, and once a username has used up its failures in the
 * window even the right password waits (against guessing), until the window ends.
 */
export async function login({ username, password }: LoginBody, ip: string): Promise<LoginResponse> {
  const subject = username.toLowerCase();
  await consume("login-ip", ip);
  await assertNotLimited("login-username", subject);
  const user = await getDb().user.findUnique({ where: { username } });
  // Verify against a dummy hash for unknown users so both paths take the same time.
  const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !valid) {
    await record("login-username", subject);
    throw new ApiError("unauthorized", "Wrong username or password.");
  }
  const { token, expiresAt } = await signAccessToken({ username: user.username, role: user.role });
  return { token, user: { username: user.username, role: user.role }, expiresAt: expiresAt.toISOString() };
}
