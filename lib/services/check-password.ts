import "server-only";

/**
 * A login's password check (issue 34): scrypt costs 30–110 ms of CPU per check, so it runs in the
 * worker pool (lib/workers), on a worker's thread at its lower priority, where it never competes
 * with the main thread for the cores; and the public reader's password, which is public and sent
 * by every visitor's page, is hashed once per stored hash rather than at every login.
 */

import { PUBLIC_READER } from "@/lib/public-reader";
import { secretsEqual } from "@/lib/auth/password";
import { runOffThread } from "@/lib/workers/run-off-thread";

/** A password check still running after this fails the login (the worker is replaced). */
const CHECK_TIMEOUT_MS = 10_000;

/** Stored hashes the public reader's password was checked against and matched (a few at most). */
const publicHashes = new Set<string>();

/**
 * Whether `password` is the one `stored` hashes, checked off the main thread. The public reader's
 * own password against a hash it already matched is known to match: that pair is public, and
 * remembering it tells nobody anything.
 */
export async function passwordMatches(username: string, password: string, stored: string): Promise<boolean> {
  const isPublic = username === PUBLIC_READER.username && secretsEqual(password, PUBLIC_READER.password);
  if (isPublic && publicHashes.has(stored)) return true;
  const matches = await runOffThread("verifyPassword", { password, stored }, CHECK_TIMEOUT_MS);
  if (isPublic && matches) {
    if (publicHashes.size >= 8) publicHashes.clear();
    publicHashes.add(stored);
  }
  return matches;
}
