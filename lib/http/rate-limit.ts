import "server-only";

/**
 * Fixed-window rate limits. One instance keeps counters in memory; several instances on one
 * PostgreSQL share them through the RateLimitBucket table with one atomic upsert per hit
 * (docs/decisions/004-rate-limits.md, 072-client-address.md and 073-login-limits.md).
 * RATE_LIMIT_STORE=auto picks the database on PostgreSQL and memory on PGlite (one process
 * anyway). A hit counts and checks in one step, so parallel requests cannot all pass a check
 * before any of them is counted; a hit that turned out not to count (a right password) is
 * released.
 */

import { env } from "@/lib/env";
import { getDatabase } from "@/lib/db";
import { deleteExpiredBuckets, hitBucket, releaseBucketHit } from "@/lib/storage/rate-limits";
import { ApiError } from "./errors";
import { memoryWindows, type Window, type WindowStore } from "./rate-window";
import type { RouteRateLimit } from "./routes";

type Store = WindowStore;

function databaseStore(): Store {
  return {
    async hit(key, windowMs, now) {
      const resetAt = new Date(now.getTime() + windowMs);
      const hit = await hitBucket(getDatabase().sql, key, now, resetAt);
      if (Math.random() < 0.01) void deleteExpiredBuckets(getDatabase().sql, now).catch(() => undefined);
      return hit;
    },
    async release(key, now) {
      await releaseBucketHit(getDatabase().sql, key, now);
    },
  };
}

const holder = globalThis as unknown as { __newsRateStore?: Store };

function store(): Store {
  if (holder.__newsRateStore) return holder.__newsRateStore;
  const useDb =
    env.RATE_LIMIT_STORE === "database" ||
    (env.RATE_LIMIT_STORE === "auto" && getDatabase().engine === "postgresql");
  return (holder.__newsRateStore = useDb ? databaseStore() : memoryWindows());
}

const loginWindow = () => env.RATE_LIMIT_LOGIN_WINDOW_SECONDS * 1000;

/** The limits, from settings. Subjects: a client bucket, a token hash, a username or "client|username". */
export const LIMITS = {
  /** Every login attempt of one client. */
  "login-client": () => ({ max: env.RATE_LIMIT_LOGIN_PER_IP, windowMs: loginWindow() }),
  /** Failed logins of one client for one username (the public reader account is exempt). */
  "login-failures": () => ({ max: env.RATE_LIMIT_LOGIN_PER_USERNAME, windowMs: loginWindow() }),
  /**
   * Failed logins for one username from all clients together. Past it a login is slowed down and
   * each client has one failure left for that username, never refused outright (decision 113).
   */
  "login-username": () => ({ max: env.RATE_LIMIT_LOGIN_USERNAME_CEILING, windowMs: loginWindow() }),
  generate: () => ({ max: env.RATE_LIMIT_GENERATE_PER_MINUTE, windowMs: 60_000 }),
  "generate-client": () => ({ max: env.RATE_LIMIT_GENERATE_PER_CLIENT_PER_MINUTE, windowMs: 60_000 }),
  analysis: () => ({ max: env.RATE_LIMIT_ANALYSIS_PER_MINUTE, windowMs: 60_000 }),
  "analysis-client": () => ({ max: env.RATE_LIMIT_ANALYSIS_PER_CLIENT_PER_MINUTE, windowMs: 60_000 }),
  "search-client": () => ({ max: env.RATE_LIMIT_SEARCH_PER_CLIENT_PER_MINUTE, windowMs: 60_000 }),
  /** An outlet's profile (the API) or page (counted in the proxy, per instance) of one client. */
  "outlet-client": () => ({ max: env.RATE_LIMIT_OUTLET_PER_CLIENT_PER_MINUTE, windowMs: 60_000 }),
} as const;

export type LimitName = keyof typeof LIMITS;

/**
 * What a route's rate limit (lib/http/routes.ts) counts, in the route wrapper: every request of
 * the client, before its body is read or anything validated, so requests the route refuses
 * count too (issue 23); and every valid request of the token (the token's verified id).
 */
export const ROUTE_LIMITS = {
  login: { client: "login-client" },
  search: { client: "search-client" },
  outlet: { client: "outlet-client" },
  generate: { client: "generate-client", token: "generate" },
  analysis: { client: "analysis-client", token: "analysis" },
} as const satisfies Record<RouteRateLimit, { client: LimitName; token?: LimitName }>;

/** A 429 for limit `name`, whose window ends at `resetAt`, with Retry-After. */
export function tooMany(name: LimitName, resetAt: Date, now = new Date()): ApiError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new ApiError("rate_limited", `Too many requests; try again in ${seconds} s.`, {
    headers: { "Retry-After": String(seconds) },
    details: { limit: name, retryAfterSeconds: seconds },
  });
}

/** Counts one hit against a limit: the window's count with this hit, its end, and the limit. */
export async function count(
  name: LimitName,
  subject: string,
  now = new Date(),
): Promise<Window & { max: number }> {
  const { max, windowMs } = LIMITS[name]();
  return { ...(await store().hit(`${name}:${subject}`, windowMs, now)), max };
}

/**
 * Counts one request against a limit and checks it in the same step; throws a 429 ApiError
 * (with Retry-After) past it. A hit over the limit stays counted: it was an attempt.
 */
export async function consume(name: LimitName, subject: string, now = new Date()): Promise<Window> {
  const w = await count(name, subject, now);
  if (w.count > w.max) throw tooMany(name, w.resetAt, now);
  return w;
}

/** Takes back one hit of consume() that should not count after all (a login that succeeded). */
export async function release(name: LimitName, subject: string, now = new Date()): Promise<void> {
  await store().release(`${name}:${subject}`, now);
}
