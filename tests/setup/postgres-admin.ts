/** The shared PostgreSQL test server (TEST_POSTGRES_URL, default 127.0.0.1:5432): its databases' URLs and admin statements. */
import pg from "pg";
import { TEST_POSTGRES_ADMIN_URL } from "./test-env";

/** The URL of a database on the shared PostgreSQL server. */
export function postgresUrl(name: string): string {
  return Object.assign(new URL(TEST_POSTGRES_ADMIN_URL), { pathname: `/${name}` }).toString();
}

/** Runs fn on a short-lived admin connection (CREATE / DROP DATABASE cannot run in a pool's transaction). */
export async function withPostgresAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
