/** Integration tests on PostgreSQL: this test file's own copy of the run's migrated and seeded template, dropped afterwards. */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { applyTestEnv, TEST_POSTGRES_ADMIN_URL } from "./test-env";

const name = `${inject("postgresRunPrefix")}_${crypto.randomBytes(4).toString("hex")}`;
const url = new URL(TEST_POSTGRES_ADMIN_URL);
url.pathname = `/${name}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-it-pg-"));
applyTestEnv({ DATABASE_URL: url.toString(), DATA_DIR: dir });

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${inject("postgresTemplate")}"`));
});

afterAll(async () => {
  const { closeDatabase } = await import("@/lib/db");
  await closeDatabase();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  fs.rmSync(dir, { recursive: true, force: true });
});
