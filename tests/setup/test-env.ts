/**
 * Settings every test process starts with. Tests set variables before the first import of
 * lib/env, which parses them once per test file; they read only the two that describe the
 * machine rather than the app (TEST_POSTGRES_URL, TEST_MISSING).
 */
export const TEST_OPERATOR = { username: "operator", password: "operator-test-password" };
export const TEST_CRON_SECRET = "cron-test-secret-0123456789";
export const TEST_AUTH_SECRET = "test-auth-secret-that-is-long-enough-0123456789";
/**
 * The PostgreSQL server the PostgreSQL suites create their databases on: TEST_POSTGRES_URL (npm
 * test sets it to the server it found, scripts/ensure-test-env.sh), else the local default.
 */
export const TEST_POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL || "postgresql://postgres@127.0.0.1:5432/test";

/**
 * What npm test found missing on this machine (TEST_MISSING: "postgres", "postgres-tools",
 * "browser"); tests that need it are skipped and npm test says so at the end. A suite run on
 * its own assumes nothing is missing, so a missing server fails it loudly.
 */
export function machineHas(what: "postgres" | "postgres-tools" | "browser"): boolean {
  return !(process.env.TEST_MISSING ?? "").split(/\s+/).includes(what);
}

/** The test settings, with `extra` on top. */
export function testEnv(extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: "test",
    APP_ENV: "local",
    LOG_LEVEL: "silent",
    SCHEDULER_ENABLED: "false",
    DEMO_SNAPSHOT: "off",
    // No retries with backoff unless a test asks for them (the ingest tests pass their own).
    FEED_RETRIES: "0",
    // The tests' feed servers listen on 127.0.0.1.
    FEED_ALLOW_LOOPBACK: "true",
    AUTH_SECRET: TEST_AUTH_SECRET,
    OPERATOR_USERNAME: TEST_OPERATOR.username,
    OPERATOR_PASSWORD: TEST_OPERATOR.password,
    CRON_SECRET: TEST_CRON_SECRET,
    ...extra,
  };
}

export function applyTestEnv(extra: Record<string, string>): void {
  Object.assign(process.env, testEnv(extra));
}

/**
 * Distinctive secrets the e2e build is made with (scripts/e2e-build.ts); the bundle test greps
 * the client bundle for them. Settings that could leak if a server module reached the browser.
 */
export const BUILD_CANARIES = {
  OPERATOR_PASSWORD: "canary-operator-password-5b1e9c",
  AUTH_SECRET: "canary-auth-secret-5b1e9c-0123456789abcdef",
  CRON_SECRET: "canary-cron-secret-5b1e9c",
  OPENAI_API_KEY: "canary-openai-key-5b1e9c",
} as const;
