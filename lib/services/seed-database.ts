import "server-only";

/**
 * Seeding: the known outlets and their feeds from lib/sources/registry.ts, and the public reader
 * and operator accounts.
 */

import type { PrismaClient } from "@/generated/prisma/client";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { PUBLIC_READER } from "@/lib/public-reader";
import { operatorPassword } from "@/lib/auth/secrets";
import { env } from "@/lib/env";
import {
  BIAS_RATING_SOURCE,
  KNOWN_SOURCES,
  feedsOf,
  isAvailable,
  primaryFeedUrl,
  storedBiasRating,
} from "@/lib/sources/registry";
import { seedSource } from "@/lib/storage/sources";
import { deleteOperatorsBut, findUser, saveUser } from "@/lib/storage/users";

export interface SeedSummary {
  sources: number;
  feeds: number;
  users: string[];
}

async function ensureUser(
  prisma: PrismaClient,
  username: string,
  password: string,
  role: "reader" | "operator",
) {
  const existing = await findUser(prisma, username);
  if (existing && existing.role === role && (await verifyPassword(password, existing.passwordHash))) return;
  await saveUser(prisma, username, await hashPassword(password), role);
}

/**
 * Loads the 19 known outlets, their feeds and the two accounts. Idempotent: a second run
 * changes nothing; a changed registry or operator password is brought up to date, and so is a
 * renamed operator: there is exactly one operator account, so one seeded under an earlier
 * OPERATOR_USERNAME is removed (its password no longer logs in, and its tokens, whose account is
 * gone, are refused: lib/auth/credentials.ts). Fetch state (etag, next check, errors) of
 * existing feeds is kept.
 */
export async function seedDatabase(prisma: PrismaClient): Promise<SeedSummary> {
  let feeds = 0;
  for (const s of KNOWN_SOURCES) {
    const data = {
      name: s.name,
      url: primaryFeedUrl(s),
      homepage: s.homepage,
      color: s.color,
      icon: s.icon,
      biasRating: storedBiasRating(s.biasRating),
      biasRatingSource: BIAS_RATING_SOURCE,
      region: s.region,
      country: s.country,
      coverage: s.coverage,
      available: isAvailable(s),
      unavailableReason: s.unavailableReason ?? null,
    };
    const entries = feedsOf(s);
    await seedSource(prisma, s.id, data, entries);
    feeds += entries.length;
  }
  return { sources: KNOWN_SOURCES.length, feeds, users: await seedAccounts(prisma) };
}

/**
 * The two accounts as the settings say: the public reader, and the one operator with
 * OPERATOR_USERNAME and OPERATOR_PASSWORD (or the generated one). An operator account of any
 * other name is removed, so its password no longer logs in and its tokens, whose account is
 * gone, are refused; a changed password gets a new hash, which ends the tokens issued under the
 * old one (decision 074). The seed runs it, and so does every start of the server (decision 115).
 */
export async function seedAccounts(prisma: PrismaClient): Promise<string[]> {
  await ensureUser(prisma, PUBLIC_READER.username, PUBLIC_READER.password, "reader");
  await ensureUser(prisma, env.OPERATOR_USERNAME, operatorPassword(), "operator");
  await deleteOperatorsBut(prisma, env.OPERATOR_USERNAME);
  return [PUBLIC_READER.username, env.OPERATOR_USERNAME];
}
