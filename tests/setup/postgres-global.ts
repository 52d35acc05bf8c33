/**
 * Integration tests on PostgreSQL: one throwaway database per test file, named for this run,
 * created on the server TEST_POSTGRES_URL names (default 127.0.0.1:5432) from this run's
 * migrated and seeded template; all of this run's databases are dropped at the end.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { postgresUrl, withPostgresAdmin } from "./postgres-admin";
import { buildTemplateDatabase } from "./template-database";
import { TEST_POSTGRES_ADMIN_URL } from "./test-env";

declare module "vitest" {
  export interface ProvidedContext {
    postgresRunPrefix: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const prefix = `news_it_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_POSTGRES_ADMIN_URL} (${(error as Error).message}). ` +
        `Start a server there, or set TEST_POSTGRES_URL to one; npm test skips these suites when there is none.`,
    );
  }
  const template = `${prefix}_template`;
  await admin.query(`CREATE DATABASE "${template}"`);
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "news-it-pg-template-"));
  buildTemplateDatabase(postgresUrl(template), dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  project.provide("postgresRunPrefix", prefix);
  project.provide("postgresTemplate", template);
  return () =>
    withPostgresAdmin(async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE $1",
        [`${prefix}%`],
      );
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
}
