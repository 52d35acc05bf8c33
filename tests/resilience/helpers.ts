/**
 * Shared parts of the resilience tests: the settings of the app under test, its database
 * prepared in a child process (lib/env parses once per process), direct inspection of a
 * database through the app's own open code, and a private PostgreSQL cluster that a test
 * may stop and start without disturbing the shared server other suites use.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "@/lib/database/open";
import type { DatabaseTarget } from "@/lib/database/target";
import { freePort, runTsx, startServer, type RunningServer } from "@/scripts/bench/lib/server";
import { postgresUrl, withPostgresAdmin } from "@/tests/setup/postgres-admin";
import { TEST_AUTH_SECRET, TEST_CRON_SECRET, TEST_OPERATOR } from "@/tests/setup/test-env";

export { postgresUrl, TEST_CRON_SECRET, TEST_OPERATOR };

/** Settings of every app instance a resilience test starts. */
export function appEnv(extra: Record<string, string>): Record<string, string> {
  return {
    APP_ENV: "local",
    LOG_LEVEL: "warn",
    SCHEDULER_ENABLED: "false",
    DEMO_SNAPSHOT: "off",
    AUTH_SECRET: TEST_AUTH_SECRET,
    OPERATOR_USERNAME: TEST_OPERATOR.username,
    OPERATOR_PASSWORD: TEST_OPERATOR.password,
    CRON_SECRET: TEST_CRON_SECRET,
    FEED_RETRIES: "0",
    FEED_ALLOW_LOOPBACK: "true", // the tests' feed hosts listen on 127.0.0.1
    OPENAI_API_KEY: "",
    OPENAI_BASE_URL: "",
    ...extra,
  };
}

/** An empty database of this name on the shared PostgreSQL server (one a crashed run left is dropped first). */
export async function createPostgresDatabase(name: string): Promise<void> {
  await dropPostgresDatabase(name);
  await withPostgresAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  await withPostgresAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `news-res-${prefix}-`));
}

/** Migrates and seeds the database the settings name (scripts/db-setup.ts in a child process). */
export function setupDatabase(env: Record<string, string>): void {
  runTsx("scripts/db-setup.ts", [], env);
}

export function startApp(env: Record<string, string>): Promise<RunningServer> {
  return startServer(env);
}

/** Opens a database directly (after the app stopped, for PGlite) and runs fn on it. */
export async function inspect<T>(target: DatabaseTarget, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = openDatabase(target, { purpose: "resilience test inspection" });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

export async function api<T = Record<string, unknown>>(
  base: string,
  pathname: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${base}${pathname}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

export async function loginAs(base: string, user: { username: string; password: string }): Promise<string> {
  const res = await api<{ data: { token: string } }>(base, "/api/v1/auth/login", { body: user });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data.token;
}

// PostgreSQL's programs: Debian keeps them in /usr/lib/postgresql/<version>/bin, out of PATH;
// elsewhere (Homebrew, Postgres.app) pg_config names their folder, or PATH has them.
function postgresBin(): string {
  if (fs.existsSync("/usr/lib/postgresql")) {
    const versions = fs.readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b));
    return path.join("/usr/lib/postgresql", versions.at(-1)!, "bin");
  }
  const config = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  return config.status === 0 ? config.stdout.trim() : "";
}
const PG_BIN = postgresBin();
const asRoot = process.getuid?.() === 0;

// PostgreSQL refuses to run as root: as root (CI), its programs run as the postgres user.
function asPostgres(args: string[]) {
  const [command, ...rest] = args;
  const result = asRoot
    ? spawnSync("runuser", ["-u", "postgres", "--", command, ...rest], { encoding: "utf8" })
    : spawnSync(command, rest, { encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${args.join(" ")} failed: ${result.stderr || result.stdout || result.error?.message}`);
}

/** A PostgreSQL server of the test's own (initdb in a temp folder, its own port). */
export class PrivatePostgres {
  readonly dir = tempDir("pg");
  port = 0;

  async start(): Promise<void> {
    if (!this.port) {
      this.port = await freePort();
      if (asRoot)
        fs.chownSync(
          this.dir,
          Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim()),
          0,
        );
      asPostgres([
        path.join(PG_BIN, "initdb"),
        "-D",
        path.join(this.dir, "data"),
        "-A",
        "trust",
        "-U",
        "postgres",
      ]);
    }
    asPostgres([
      path.join(PG_BIN, "pg_ctl"),
      "-D",
      path.join(this.dir, "data"),
      "-w",
      "-l",
      path.join(this.dir, "log"),
      "-o",
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`,
      "start",
    ]);
  }

  stop(): void {
    asPostgres([path.join(PG_BIN, "pg_ctl"), "-D", path.join(this.dir, "data"), "-w", "-m", "fast", "stop"]);
  }

  url(database = "postgres"): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  destroy(): void {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
