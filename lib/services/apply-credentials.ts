import "server-only";

/**
 * The accounts brought in line with the settings at every start of the server (issue 34): `next
 * start` alone, without `npm start`'s seed, left a renamed or re-passworded operator's old name,
 * password and tokens valid and the new name refused.
 */

import { getPrisma } from "@/lib/db";
import { logger } from "@/lib/log";
import { seedAccounts } from "./seed-database";

/** How long to wait before trying again when the database did not answer at start. */
const RETRY_MS = 5_000;

/**
 * Applies OPERATOR_USERNAME and OPERATOR_PASSWORD (and the public reader account) before the
 * server answers. When the database cannot be reached now, it tries again every few seconds in
 * the background until it can (every route that needs a role answers 503 meanwhile), so the old
 * credentials never outlive the outage.
 */
export async function applyCredentialsAtStart(): Promise<void> {
  try {
    const users = await seedAccounts(getPrisma());
    logger.info({ users }, "accounts applied from the settings");
  } catch (error) {
    logger.error({ err: error }, "applying the accounts from the settings failed; trying again shortly");
    setTimeout(() => void applyCredentialsAtStart(), RETRY_MS).unref();
  }
}
