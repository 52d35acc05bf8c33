import "server-only";

/**
 * The secrets the server signs with and the operator logs in with: from settings, or generated
 * once per data folder on a local machine.
 */

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

/**
 * A secret from settings, or, when APP_ENV=local and it is unset, one generated once and
 * kept in DATA_DIR (file mode 600) so tokens survive restarts. Production requires settings
 * (lib/env.ts refuses to start without them).
 */
function localSecret(name: string, configured: string | undefined, bytes = 32): string {
  if (configured) return configured;
  if (env.APP_ENV === "production") throw new Error(`${name} must be set when APP_ENV=production`);
  const file = path.resolve(
    /* turbopackIgnore: true */ env.DATA_DIR,
    `${name.toLowerCase().replaceAll("_", "-")}.txt`,
  );
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const value = crypto.randomBytes(bytes).toString("base64url");
    try {
      fs.writeFileSync(file, value, { mode: 0o600, flag: "wx" });
      return value;
    } catch {
      return fs.readFileSync(file, "utf8").trim(); // another process wrote it first
    }
  }
}

let cachedAuth: Uint8Array | undefined;

/** The key that signs and verifies access tokens. */
export function authSecret(): Uint8Array {
  return (cachedAuth ??= new TextEncoder().encode(localSecret("AUTH_SECRET", env.AUTH_SECRET, 48)));
}

/** The operator's password: from settings, or generated locally (see DATA_DIR/operator-password.txt). */
export function operatorPassword(): string {
  return localSecret("OPERATOR_PASSWORD", env.OPERATOR_PASSWORD, 18);
}

/** The cron secret; unset means the cron trigger is refused. */
export function cronSecret(): string | undefined {
  return env.CRON_SECRET;
}
