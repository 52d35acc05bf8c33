import "server-only";

/** Who is calling an API route, from its bearer token or the cron secret. */

import crypto from "node:crypto";
import { cronSecret } from "@/lib/auth/secrets";
import { secretsEqual } from "@/lib/auth/password";
import { verifyAccessToken, type TokenUser } from "@/lib/auth/tokens";

/** Who is calling: nobody, a user with a verified token, or the cron job. */
export type Principal =
  | { kind: "anonymous"; failure?: "missing" | "expired" | "invalid" }
  | { kind: "user"; user: TokenUser; tokenId: string }
  | { kind: "cron" };

/** Reads `Authorization: Bearer …` and says who it belongs to; never throws. */
export async function resolvePrincipal(req: Request): Promise<Principal> {
  const header = req.headers.get("authorization");
  if (!header) return { kind: "anonymous", failure: "missing" };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { kind: "anonymous", failure: "invalid" };
  const token = match[1];
  const cron = cronSecret();
  if (cron && secretsEqual(token, cron)) return { kind: "cron" };
  const result = await verifyAccessToken(token);
  if (!result.ok) return { kind: "anonymous", failure: result.reason };
  // Rate limits are per token; a hash keeps the token itself out of memory tables and the database.
  const tokenId = crypto.createHash("sha256").update(token).digest("base64url").slice(0, 22);
  return { kind: "user", user: result.user, tokenId };
}
