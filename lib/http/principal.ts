import "server-only";

/** Who is calling an API route, from its bearer token or the cron secret. */

import { cronSecret } from "@/lib/auth/secrets";
import { secretsEqual } from "@/lib/auth/password";
import { accountStillValid, verifyAccessToken, type TokenUser } from "@/lib/auth/tokens";
import { isDatabaseUnavailable } from "./errors";
import type { Access } from "./routes";

/** Who is calling: nobody, a user with a verified token, or the cron job. */
export type Principal =
  | { kind: "anonymous"; failure?: "missing" | "expired" | "invalid" }
  /** tokenId: the token's verified `jti`, the subject of its rate limits; tokenExpiresAt its `exp`. */
  | { kind: "user"; user: TokenUser; tokenId: string; tokenExpiresAt: Date }
  | { kind: "cron" };

/**
 * Reads `Authorization: Bearer …` and says who it belongs to. A signed token counts only while
 * its account still has the password and role it was issued under and no logout ended it. When the database cannot be
 * asked, a route that needs a role answers 503 (this throws); a public route takes the token as
 * signed (it grants nothing there but the operator's health details, most wanted in an outage).
 */
export async function resolvePrincipal(req: Request, access: Access): Promise<Principal> {
  const header = req.headers.get("authorization");
  if (!header) return { kind: "anonymous", failure: "missing" };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { kind: "anonymous", failure: "invalid" };
  const token = match[1];
  const cron = cronSecret();
  if (cron && secretsEqual(token, cron)) return { kind: "cron" };
  const result = await verifyAccessToken(token);
  if (!result.ok) return { kind: "anonymous", failure: result.reason };
  try {
    if (!(await accountStillValid(result.user, result.stamp, result.tokenId)))
      return { kind: "anonymous", failure: "invalid" };
  } catch (error) {
    if (access !== "public" || !isDatabaseUnavailable(error)) throw error;
  }
  // Rate limits are per token, keyed on its verified id (never its text, which has other spellings).
  return { kind: "user", user: result.user, tokenId: result.tokenId, tokenExpiresAt: result.expiresAt };
}
