/** Integration tests on PostgreSQL: this test file's own copy of the run's migrated and seeded template, dropped afterwards. */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { postgresUrl, withPostgresAdmin } from "./postgres-admin";
import { applyTestEnv } from "./test-env";

const name = `${inject("postgresRunPrefix")}_${crypto.randomBytes(4).toString("hex")}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-it-pg-"));
applyTestEnv({ DATABASE_URL: postgresUrl(name), DATA_DIR: dir });

beforeAll(async () => {
  await withPostgresAdmin((c) =>
    c.query(`CREATE DATABASE "${name}" TEMPLATE "${inject("postgresTemplate")}"`),
  );
});

afterAll(async () => {
  const { closeDatabase } = await import("@/lib/db");
  await closeDatabase();
  await withPostgresAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  fs.rmSync(dir, { recursive: true, force: true });
});
