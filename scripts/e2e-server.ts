/**
 * Starts the built app for the browser tests: a fresh PGlite folder in a temp directory,
 * migrated and seeded with the sources, accounts and the invented stories of
 * tests/fixtures/e2e-stories.ts, then `next start` on the given port. The folder is removed
 * on exit. Rate limits are raised: every browser test logs in afresh from 127.0.0.1.
 * With `--fresh`, a newcomer's first start instead: no stories, the scheduler on and
 * DEMO_SNAPSHOT=auto, every feed at its real (here unreachable) address.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const port = process.argv[2] ?? "3100";
const fresh = process.argv.includes("--fresh");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-e2e-"));
Object.assign(process.env, {
  DATABASE_URL: `pglite:${path.join(dir, "pglite")}`,
  DATA_DIR: dir,
  LOG_LEVEL: "warn",
  SCHEDULER_ENABLED: "false",
  DEMO_SNAPSHOT: "off",
  NEXT_TELEMETRY_DISABLED: "1",
  RATE_LIMIT_LOGIN_PER_IP: "10000",
  RATE_LIMIT_LOGIN_PER_USERNAME: "10000",
  RATE_LIMIT_LOGIN_USERNAME_CEILING: "10000",
  RATE_LIMIT_ANALYSIS_PER_MINUTE: "10000",
  RATE_LIMIT_ANALYSIS_PER_CLIENT_PER_MINUTE: "10000",
  RATE_LIMIT_GENERATE_PER_MINUTE: "10000",
  RATE_LIMIT_GENERATE_PER_CLIENT_PER_MINUTE: "10000",
  RATE_LIMIT_OUTLET_PER_CLIENT_PER_MINUTE: "10000",
  ...(fresh ? { SCHEDULER_ENABLED: "true", DEMO_SNAPSHOT: "auto" } : {}),
});

const { getDatabase, closeDatabase } = await import("@/lib/db");
const { prepareDatabase } = await import("@/lib/services/prepare-database");
const { seedE2eFixtures } = await import("@/tests/fixtures/e2e-seed");
const db = getDatabase();
await prepareDatabase(db);
if (!fresh) await seedE2eFixtures(db.prisma);
await closeDatabase();

const next = spawn(path.join("node_modules", ".bin", "next"), ["start", "-H", "127.0.0.1", "-p", port], {
  stdio: "inherit",
});
const stop = () => next.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
next.on("exit", (code) => {
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
