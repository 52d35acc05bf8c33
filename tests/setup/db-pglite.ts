/** Integration tests on PGlite: each test file gets its own copy of the run's migrated and seeded folder. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { applyTestEnv } from "./test-env";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-it-pglite-"));
fs.cpSync(inject("pgliteTemplate"), path.join(dir, "pglite"), { recursive: true });
applyTestEnv({ DATABASE_URL: `pglite:${path.join(dir, "pglite")}`, DATA_DIR: dir });

afterAll(async () => {
  const { closeDatabase } = await import("@/lib/db");
  await closeDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});
