import "server-only";

/**
 * Every setting of the product, parsed once with zod. This is the only module that reads
 * process.env (prisma.config.ts aside). A wrong value stops the process at start with a
 * message naming each bad variable; .env.example documents them all.
 */

import { z } from "zod";
import { PUBLIC_READER } from "@/lib/public-reader";

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], {
      error: "must be true or false",
    })
    .optional()
    .transform((v) => (v === undefined ? fallback : ["true", "1", "yes", "on"].includes(v)));

const int = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` })
    .default(fallback);

const optionalString = (min = 1) =>
  z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(z.string().min(min, `must be at least ${min} characters`).optional());

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional());

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    /** "local": secrets are generated once and kept in DATA_DIR. "production": they are required. */
    APP_ENV: z.enum(["local", "production"]).default("local"),
    NEXT_PHASE: z.string().optional(),

    /** The public origin (https://news.example.com) of absolute links: feeds, canonical and Open Graph URLs. */
    SITE_URL: optionalUrl,

    DATABASE_URL: z.string().optional(),
    DATA_DIR: z.string().min(1).default("./data"),

    AUTH_SECRET: optionalString(32),
    AUTH_TOKEN_TTL_MINUTES: int(720, 5, 60 * 24 * 30),
    OPERATOR_USERNAME: z
      .string()
      .trim()
      .min(3)
      .max(64)
      .regex(/^[a-zA-Z0-9_.-]+$/)
      // The seed would otherwise turn the public reader account into the operator's.
      .refine((name) => name.toLowerCase() !== PUBLIC_READER.username, "must not be the public reader's name")
      .default("operator"),
    OPERATOR_PASSWORD: optionalString(12),
    CRON_SECRET: optionalString(16),

    OPENAI_API_KEY: optionalString(),
    OPENAI_BASE_URL: optionalUrl,
    OPENAI_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
    OPENAI_TIMEOUT_MS: int(60_000, 1_000, 600_000),
    OPENAI_MAX_RETRIES: int(2, 0, 5),
    ANALYSIS_FALLBACK_TO_LOCAL: bool(false),
    /**
     * Bounds of what one rebuild asks the model (OPENAI_*) about the pairs words cannot settle
     * (docs/decisions/025, 027, 174), all its rounds together: pairs (0: never ask), pairs per call,
     * calls, estimated tokens, time; and how many rounds of questions (each after the cards are
     * assembled again with the answers so far).
     */
    CLUSTER_MODEL_MAX_PAIRS: int(600, 0, 5_000),
    CLUSTER_MODEL_PAIRS_PER_CALL: int(40, 1, 100),
    CLUSTER_MODEL_MAX_CALLS: int(20, 1, 100),
    CLUSTER_MODEL_MAX_TOKENS: int(120_000, 1_000, 10_000_000),
    CLUSTER_MODEL_BUDGET_MS: int(45_000, 1_000, 600_000),
    CLUSTER_MODEL_CONCURRENCY: int(2, 1, 8),
    CLUSTER_MODEL_ROUNDS: int(5, 1, 5),

    SCHEDULER_ENABLED: bool(true),
    SCHEDULER_INTERVAL_MINUTES: int(15, 1, 24 * 60),
    DEMO_SNAPSHOT: z.enum(["auto", "off", "always"]).default("auto"),

    FEED_TIMEOUT_MS: int(15_000, 100, 120_000),
    FEED_MAX_BYTES: int(5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
    FEED_CONCURRENCY: int(6, 1, 64),
    FEED_HOST_CONCURRENCY: int(2, 1, 16),
    FEED_RETRIES: int(2, 0, 5),
    FEED_RUN_BUDGET_MS: int(120_000, 1_000, 30 * 60_000),
    /** Feeds on loopback addresses (tests, a local mirror); private and link-local addresses are always refused. */
    FEED_ALLOW_LOOPBACK: bool(false),

    RATE_LIMIT_STORE: z.enum(["auto", "memory", "database"]).default("auto"),
    /** Failed logins for one username from one client per window (the public reader account is exempt). */
    RATE_LIMIT_LOGIN_PER_USERNAME: int(5, 1, 10_000),
    /** Failed logins for one username from all clients together per window. */
    RATE_LIMIT_LOGIN_USERNAME_CEILING: int(50, 1, 1_000_000),
    /** Login attempts of one client per window. */
    RATE_LIMIT_LOGIN_PER_IP: int(30, 1, 10_000),
    RATE_LIMIT_LOGIN_WINDOW_SECONDS: int(60, 1, 86_400),
    RATE_LIMIT_GENERATE_PER_MINUTE: int(10, 1, 1_000_000),
    RATE_LIMIT_GENERATE_PER_CLIENT_PER_MINUTE: int(20, 1, 1_000_000),
    RATE_LIMIT_ANALYSIS_PER_MINUTE: int(30, 1, 1_000_000),
    RATE_LIMIT_ANALYSIS_PER_CLIENT_PER_MINUTE: int(60, 1, 1_000_000),
    /** Searches of one client per minute (GET /api/v1/search). */
    RATE_LIMIT_SEARCH_PER_CLIENT_PER_MINUTE: int(60, 1, 1_000_000),
    /** Outlet profiles and outlet pages of one client per minute (GET /api/v1/sources/{id}, /sources/{id}). */
    RATE_LIMIT_OUTLET_PER_CLIENT_PER_MINUTE: int(60, 1, 1_000_000),
    TRUST_PROXY: bool(false),
    MAX_BODY_BYTES: int(1024 * 1024, 1024, 20 * 1024 * 1024),

    LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),

    /** Maintenance connection used by tests and benchmarks to create throwaway databases. */
    TEST_POSTGRES_URL: z.string().default("postgresql://postgres@127.0.0.1:5432/test"),
    /**
     * Real third-party data (saved feeds, UCI headlines) that the benchmarks and cluster:eval
     * read, relative to the working directory. The product and npm test never need it.
     */
    NEWS_DATA_DIR: z.string().trim().min(1).default("../shared/data"),
  })
  .superRefine((v, ctx) => {
    // Secrets are required of a production deployment, but not while `next build` runs.
    if (v.APP_ENV !== "production" || v.NEXT_PHASE === "phase-production-build") return;
    for (const key of ["AUTH_SECRET", "OPERATOR_PASSWORD", "CRON_SECRET"] as const) {
      if (!v[key])
        ctx.addIssue({ code: "custom", path: [key], message: "is required when APP_ENV=production" });
    }
  });

export type Env = z.infer<typeof schema>;

/** Parses a set of variables; throws one readable error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = issue.path.join(".") || "(settings)";
    const shown = key in source && !/SECRET|PASSWORD|KEY/.test(key) ? ` (got "${source[key]}")` : "";
    return `  - ${key}: ${issue.message}${shown}`;
  });
  throw new Error(`Invalid configuration; fix these settings (see .env.example):\n${lines.join("\n")}`);
}

export const env: Env = parseEnv(process.env);
