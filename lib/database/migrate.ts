/**
 * Applies prisma/migrations/<name>/migration.sql in order and records each in
 * `_prisma_migrations` exactly as `prisma migrate deploy` does (same table, sha256
 * checksum), so Prisma's own tools agree about what is applied. Each migration and its
 * record commit in one transaction; on PostgreSQL an advisory lock keeps two instances
 * from migrating at once. Why not the Prisma CLI: docs/decisions/002-migration-runner.md.
 */

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database, SqlRunner } from "./open";

export const MIGRATIONS_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), "prisma", "migrations");

export interface MigrationFile {
  name: string;
  checksum: string;
  sql: string;
}

export interface MigrationStatus {
  /** Migrations in the folder. */
  known: string[];
  applied: string[];
  pending: string[];
  /** Applied migrations whose file changed since (a warning, as in Prisma). */
  modified: string[];
}

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;

/** The migrations in the folder, oldest first. */
export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

async function appliedRows(sql: SqlRunner) {
  const exists = await sql.query<{ present: boolean }>(
    `SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`,
  );
  if (!exists[0]?.present) return [];
  return sql.query<{
    migration_name: string;
    checksum: string;
    finished_at: Date | null;
    rolled_back_at: Date | null;
  }>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`);
}

/** What is applied and what is pending, without changing anything. */
export async function migrationStatus(
  db: Pick<Database, "sql">,
  dir = MIGRATIONS_DIR,
): Promise<MigrationStatus> {
  const files = readMigrations(dir);
  const rows = (await appliedRows(db.sql)).filter((r) => r.finished_at && !r.rolled_back_at);
  const byName = new Map(rows.map((r) => [r.migration_name, r]));
  return {
    known: files.map((f) => f.name),
    applied: files.filter((f) => byName.has(f.name)).map((f) => f.name),
    pending: files.filter((f) => !byName.has(f.name)).map((f) => f.name),
    modified: files
      .filter((f) => byName.has(f.name) && byName.get(f.name)!.checksum !== f.checksum)
      .map((f) => f.name),
  };
}

/** Applies every pending migration; returns the names applied (empty when up to date). */
export async function migrate(
  db: Pick<Database, "sql" | "withLock">,
  dir = MIGRATIONS_DIR,
): Promise<string[]> {
  return db.withLock("migrate", async () => {
    await db.sql.exec(CREATE_TABLE);
    const rows = await appliedRows(db.sql);
    const failed = rows.find((r) => !r.finished_at && !r.rolled_back_at);
    if (failed) {
      throw new Error(
        `Migration ${failed.migration_name} failed earlier and is recorded as unfinished; ` +
          `fix the database, then mark it rolled back before migrating again.`,
      );
    }
    const done = new Set(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => r.migration_name));
    const applied: string[] = [];
    for (const file of readMigrations(dir)) {
      if (done.has(file.name)) continue;
      await db.sql.transaction(async (tx) => {
        await tx.exec(file.sql);
        await tx.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [crypto.randomUUID(), file.checksum, file.name],
        );
      });
      applied.push(file.name);
    }
    return applied;
  });
}
