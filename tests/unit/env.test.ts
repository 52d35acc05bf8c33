import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";

describe("parseEnv", () => {
  it("gives safe local defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env).toMatchObject({
      APP_ENV: "local",
      DATA_DIR: "./data",
      OPERATOR_USERNAME: "operator",
      SCHEDULER_ENABLED: true,
      SCHEDULER_INTERVAL_MINUTES: 15,
      OPENAI_MAX_RETRIES: 2,
      ANALYSIS_FALLBACK_TO_LOCAL: false,
      NEWS_DATA_DIR: "../shared/data",
    });
  });

  it("coerces numbers and booleans", () => {
    const env = parseEnv({ SCHEDULER_INTERVAL_MINUTES: "30", SCHEDULER_ENABLED: "false", TRUST_PROXY: "1" });
    expect(env.SCHEDULER_INTERVAL_MINUTES).toBe(30);
    expect(env.SCHEDULER_ENABLED).toBe(false);
    expect(env.TRUST_PROXY).toBe(true);
  });

  it("names every wrong value in one readable message", () => {
    let message = "";
    try {
      parseEnv({
        SCHEDULER_INTERVAL_MINUTES: "soon",
        SCHEDULER_ENABLED: "maybe",
        OPENAI_BASE_URL: "ftp://x",
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration; fix these settings \(see \.env\.example\):/);
    expect(message).toContain('  - SCHEDULER_ENABLED: must be true or false (got "maybe")');
    expect(message).toContain(
      '  - SCHEDULER_INTERVAL_MINUTES: must be a whole number from 1 to 1440 (got "soon")',
    );
    expect(message).toContain('  - OPENAI_BASE_URL: must be an http(s) URL (got "ftp://x")');
  });

  it("refuses the public reader's name as the operator's (the seed would make the public account the operator)", () => {
    expect(() => parseEnv({ OPERATOR_USERNAME: "Reader" })).toThrowError(
      /OPERATOR_USERNAME: must not be the public reader's name/,
    );
  });

  it("never echoes secrets in its message", () => {
    expect(() => parseEnv({ AUTH_SECRET: "short-secret" })).toThrowError(
      /AUTH_SECRET: must be at least 32 characters$/m,
    );
    try {
      parseEnv({ AUTH_SECRET: "short-secret" });
    } catch (error) {
      expect((error as Error).message).not.toContain("short-secret");
    }
  });

  it("requires the secrets of a production deployment, except while building", () => {
    expect(() => parseEnv({ APP_ENV: "production" })).toThrowError(
      /AUTH_SECRET: is required when APP_ENV=production[\s\S]*OPERATOR_PASSWORD[\s\S]*CRON_SECRET/,
    );
    expect(parseEnv({ APP_ENV: "production", NEXT_PHASE: "phase-production-build" }).APP_ENV).toBe(
      "production",
    );
    const full = parseEnv({
      APP_ENV: "production",
      AUTH_SECRET: "x".repeat(32),
      OPERATOR_PASSWORD: "a-long-password",
      CRON_SECRET: "c".repeat(16),
    });
    expect(full.CRON_SECRET).toBe("c".repeat(16));
  });
});
