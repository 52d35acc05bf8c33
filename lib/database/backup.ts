/**
 * Backups of either engine (README "Backups"). PGlite: a gzipped tarball of the data folder,
 * taken while no other process holds it (the folder lock enforces that: stop the server
 * first), restored into a new folder. PostgreSQL: pg_dump/pg_restore in custom format.
 */

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { acquirePgliteLock } from "./pglite-lock";
import type { DatabaseTarget } from "./target";

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: "utf8" });
  if (result.error)
    throw new Error(
      `${command} could not run: ${result.error.message} (install the PostgreSQL client tools)`,
    );
  if (result.status !== 0) throw new Error(`${command} failed: ${(result.stderr || result.stdout).trim()}`);
}

/** Writes a backup of the database to file. */
export async function backupDatabase(target: DatabaseTarget, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.engine === "postgresql")
    return run("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, target.url]);
  const lock = acquirePgliteLock(target.dir, "backup");
  try {
    const db = await PGlite.create(target.dir);
    const dump = await db.dumpDataDir("gzip");
    await db.close();
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    lock.release();
  }
}

/**
 * Restores a backup into the configured database. PGlite: into an absent or empty folder; with
 * `force`, an existing folder is first moved aside to `<folder>.before-restore-<time>`.
 * PostgreSQL: into the database the URL names (existing objects are replaced).
 */
export async function restoreDatabase(
  target: DatabaseTarget,
  file: string,
  { force = false } = {},
): Promise<string | null> {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}.`);
  if (target.engine === "postgresql") {
    run("pg_restore", ["--clean", "--if-exists", "--no-owner", `--dbname=${target.url}`, file]);
    return null;
  }
  const lock = acquirePgliteLock(target.dir, "restore");
  let movedAside: string | null = null;
  try {
    if (fs.existsSync(target.dir) && fs.readdirSync(target.dir).length > 0) {
      if (!force)
        throw new Error(`${target.dir} already holds a database; pass --force to move it aside and restore.`);
      movedAside = `${target.dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      fs.renameSync(target.dir, movedAside);
    }
    const db = await PGlite.create({ dataDir: target.dir, loadDataDir: new Blob([fs.readFileSync(file)]) });
    await db.query("SELECT 1");
    await db.close();
    return movedAside;
  } finally {
    lock.release();
  }
}
