/**
 * Integration tests on PostgreSQL: one throwaway database per test file, named for this run
 * and created on the server at 127.0.0.1:5432; all of this run's databases are dropped at the end.
 */
import pg from "pg";
import type { TestProject } from "vitest/node";
import { TEST_POSTGRES_ADMIN_URL } from "./test-env";

declare module "vitest" {
  export interface ProvidedContext {
    postgresRunPrefix: string;
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
        `Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`,
    );
  }
  await admin.end();
  project.provide("postgresRunPrefix", prefix);
  return async () => {
    const c = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
    await c.connect();
    const { rows } = await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${prefix}%`]);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await c.end();
  };
}
