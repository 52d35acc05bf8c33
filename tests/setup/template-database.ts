/**
 * Builds a migrated and seeded database once per test run, by running the same setup script
 * that `npm start` runs; each test file then starts from a copy of it (a copied PGlite folder,
 * or `CREATE DATABASE … TEMPLATE` on PostgreSQL) instead of creating and seeding its own.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { testEnv } from "./test-env";

const root = path.resolve(import.meta.dirname, "../..");

export function buildTemplateDatabase(databaseUrl: string, dataDir: string): void {
  try {
    execFileSync(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/db-setup.ts"], {
      cwd: root,
      env: { ...process.env, ...testEnv({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }) },
      stdio: "pipe",
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`The template test database could not be set up:\n${stdout ?? ""}${stderr ?? ""}`);
  }
}
