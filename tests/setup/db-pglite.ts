/** Integration tests on PGlite: each test file gets its own folder in a temp directory, migrated and seeded. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { applyTestEnv } from "./test-env";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-it-pglite-"));
applyTestEnv({ DATABASE_URL: `pglite:${path.join(dir, "pglite")}`, DATA_DIR: dir });

beforeAll(async () => {
  const { prepareTestDatabase } = await import("./prepare");
  await prepareTestDatabase();
});

afterAll(async () => {
  const { closeDatabase } = await import("@/lib/db");
  await closeDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});
