/**
 * A throwaway database holding a window of synthetic news, for the in-process benchmarks
 * (edge-costs.ts, outlet.ts): a fresh PGlite folder, or the empty PostgreSQL database a
 * `--database URL` names, migrated, seeded and filled; closed and removed afterwards.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database } from "@/lib/database/open";

/**
 * Runs `bench` on a database holding `articles` synthetic articles in the window. Settings are
 * read at the first import of lib/env, so the benchmark imports the app's modules inside `bench`.
 */
export async function withSyntheticWindow(
  name: string,
  { articles, database }: { articles: number; database?: string },
  bench: (db: Database) => Promise<void>,
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `news-bench-${name}-`));
  Object.assign(process.env, {
    DATABASE_URL: database ?? `pglite:${path.join(dir, "pglite")}`,
    DATA_DIR: dir,
    LOG_LEVEL: "silent",
    SCHEDULER_ENABLED: "false",
  });
  const { closeDatabase, getDatabase } = await import("@/lib/db");
  const { prepareDatabase } = await import("@/lib/services/prepare-database");
  const { storeSyntheticWindow } = await import("./synthetic-window");
  try {
    const db = getDatabase();
    await prepareDatabase(db);
    await storeSyntheticWindow(db, articles);
    await bench(db);
  } finally {
    await closeDatabase();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
