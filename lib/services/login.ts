import "server-only";

/**
 * The login behind POST /api/v1/auth/login: credentials checked, attempts limited, a token
 * issued.
 */

import { passwordMatches } from "./check-password";
import { accountByName, credentialStamp } from "@/lib/auth/credentials";
import { DUMMY_HASH } from "@/lib/auth/password";
import { PUBLIC_READER } from "@/lib/public-reader";
import { signAccessToken } from "@/lib/auth/tokens";
import { ApiError } from "@/lib/http/errors";
import { consume, count, release, tooMany, type LimitName } from "@/lib/http/rate-limit";
import type { LoginBody, LoginResponse } from "@/lib/schemas/auth";

/**
 * How long a login waits before its password is checked once the username's failures from all
 * clients passed their ceiling: guessing slows down, and the owner still gets in (decision 113).
 */
export const LOGIN_SLOWDOWN_MS = 1_000;

/**
 * Checks credentials and issues a token (docs/decisions/073-login-limits.md and 113). Every
 * attempt has already counted against the client (the route's rate limit, lib/http/routes.ts). A
 * guess at any account but the public reader (whose password is public: a lockout would only lock
 * visitors out) reserves one failure for this client and username, and one under the username's
 * ceiling for all clients, before the password is checked, so parallel guesses cannot all be
 * checked; a right password hands the reservations back. Past the client's failures even the right
 * password waits, from that client only. Past the username's ceiling a login is never refused for
 * what other clients did: it waits LOGIN_SLOWDOWN_MS, and a client that already failed for that
 * username in the window has no attempt left; the owner, from an address of its own, gets in.
 */
export async function login({ username, password }: LoginBody, client: string): Promise<LoginResponse> {
  const subject = username.toLowerCase();
  const reserved = subject === PUBLIC_READER.username ? [] : await reserveFailure(client, subject);
  const user = await accountByName(username);
  // Checked against a dummy hash for unknown users, so both paths take the same time.
  const valid = await passwordMatches(username, password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !valid) throw new ApiError("unauthorized", "Wrong username or password.");
  for (const [name, key] of reserved) await release(name, key);
  const { token, expiresAt } = await signAccessToken(
    { username: user.username, role: user.role },
    new Date(),
    credentialStamp(user.passwordHash),
  );
  return { token, user: { username: user.username, role: user.role }, expiresAt: expiresAt.toISOString() };
}

/**
 * Counts this attempt as a failure until the password proves right: 429 past the client's own
 * failures for the username; past the username's ceiling, 429 for a client that failed before in
 * this window and a slowed-down check for any other.
 */
async function reserveFailure(client: string, subject: string): Promise<[LimitName, string][]> {
  const own: [LimitName, string] = ["login-failures", `${client}|${subject}`];
  const mine = await consume(...own);
  const all: [LimitName, string] = ["login-username", subject];
  const everyone = await count(...all);
  if (everyone.count > everyone.max) {
    if (mine.count > 1) {
      await Promise.all([release(...own), release(...all)]); // no password was checked
      throw tooMany("login-username", everyone.resetAt);
    }
    await new Promise((resolve) => setTimeout(resolve, LOGIN_SLOWDOWN_MS));
  }
  return [own, all];
}
