import "server-only";

/**
 * The login behind POST /api/v1/auth/login: credentials checked, attempts limited, a token
 * issued.
 */

import { credentialStamp } from "@/lib/auth/credentials";
import { DUMMY_HASH, verifyPassword } from "@/lib/auth/password";
import { PUBLIC_READER } from "@/lib/auth/public-reader";
import { signAccessToken } from "@/lib/auth/tokens";
import { getPrisma } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { consume, release, type LimitName } from "@/lib/http/rate-limit";
import type { LoginBody, LoginResponse } from "@/lib/schemas/auth";

/**
 * Checks credentials and issues a token (docs/decisions/073-login-limits.md). Every attempt
 * has already counted against the client (the route's rate limit, lib/http/routes.ts). A guess at any account but the public reader (whose password is
 * public: a lockout would only lock visitors out) reserves one failure for this client and
 * username, and one under the username's ceiling for all clients, before the password is
 * checked, so parallel guesses cannot all be checked; a right password hands the reservations
 * back. Past the client's failures even the right password waits, from that client only; the
 * owner elsewhere logs in, unless guessing from many clients reached the ceiling.
 */
export async function login({ username, password }: LoginBody, client: string): Promise<LoginResponse> {
  const subject = username.toLowerCase();
  const reserved = subject === PUBLIC_READER.username ? [] : await reserveFailure(client, subject);
  const user = await getPrisma().user.findUnique({ where: { username } });
  // Verify against a dummy hash for unknown users so both paths take the same time.
  const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !valid) throw new ApiError("unauthorized", "Wrong username or password.");
  for (const [name, key] of reserved) await release(name, key);
  const { token, expiresAt } = await signAccessToken(
    { username: user.username, role: user.role },
    new Date(),
    credentialStamp(user.passwordHash),
  );
  return { token, user: { username: user.username, role: user.role }, expiresAt: expiresAt.toISOString() };
}

/** Counts this attempt as a failure until the password proves right; 429 when either limit is used up. */
async function reserveFailure(client: string, subject: string): Promise<[LimitName, string][]> {
  const own: [LimitName, string] = ["login-failures", `${client}|${subject}`];
  await consume(...own);
  try {
    await consume("login-username", subject);
  } catch (error) {
    await release(...own); // no password was checked
    throw error;
  }
  return [own, ["login-username", subject]];
}
