/** Password hashing for the User table: scrypt with a per-user salt, checked in constant time. */

import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// N=2^15, r=8, p=1: about 30 ms and 32 MiB per hash on these machines (OWASP's minimum is 2^17 with
// r=8 for memory-hard use; we trade some cost for login latency and keep the rate limit in front).
const PARAMS = { N: 1 << 15, r: 8, p: 1, keylen: 32 } as const;
const MAXMEM = 64 * 1024 * 1024;

/** Hashes a password with scrypt and a random per-user salt: `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password.normalize("NFKC"), salt, PARAMS.keylen, { ...PARAMS, maxmem: MAXMEM });
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), hash.toString("base64")].join("$");
}

/** A stored hash's parts, or null when it is malformed. */
function parseHash(stored: string) {
  const [kind, n, r, p, saltB64, hashB64] = stored.split("$");
  if (kind !== "scrypt" || !saltB64 || !hashB64) return null;
  const expected = Buffer.from(hashB64, "base64");
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM };
  return { salt: Buffer.from(saltB64, "base64"), expected, options };
}

const matches = (actual: Buffer, expected: Buffer) =>
  actual.length === expected.length && crypto.timingSafeEqual(actual, expected);

/**
 * Checks a password against a stored hash in constant time; false for any malformed hash. The
 * hash runs on libuv's threads; a login checks through the worker pool instead (lib/auth/check.ts).
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { salt, expected, options } = parsed;
  return matches(await scrypt(password.normalize("NFKC"), salt, expected.length, options), expected);
}

/** The same on the calling thread (a worker's: lib/workers/jobs.ts). */
export function verifyPasswordSync(password: string, stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { salt, expected, options } = parsed;
  return matches(crypto.scryptSync(password.normalize("NFKC"), salt, expected.length, options), expected);
}

/** A hash to verify against when the user does not exist, so both paths take the same time. */
export const DUMMY_HASH =
  "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

/** Constant-time comparison of two secrets of any length. */
export function secretsEqual(a: string, b: string): boolean {
  const ha = crypto.createHash("sha256").update(a).digest();
  const hb = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(ha, hb) && a.length === b.length;
}
