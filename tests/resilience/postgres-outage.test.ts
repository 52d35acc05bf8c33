import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RunningServer } from "@/scripts/bench/lib/server";
import { machineHas } from "@/tests/setup/test-env";
import { api, appEnv, PrivatePostgres, setupDatabase, startApp, tempDir } from "./helpers";

/**
 * Issue 9: PostgreSQL is stopped while two instances serve traffic. Requests that need the
 * database answer 503 in the envelope, health says the database is down, and everything
 * recovers when PostgreSQL returns, without restarting the app. A private PostgreSQL server
 * is stopped, never the shared one.
 */

// Needs PostgreSQL's programs for a private server; npm test skips it (and says so) without them.
const itWithPostgresTools = it.runIf(machineHas("postgres-tools"));
const postgres = new PrivatePostgres();
const servers: RunningServer[] = [];

beforeAll(async () => {
  await postgres.start();
  const admin = new pg.Client({ connectionString: postgres.url() });
  await admin.connect();
  await admin.query("CREATE DATABASE news");
  await admin.end();
  const env = appEnv({ DATABASE_URL: postgres.url("news"), DATA_DIR: tempDir("pg-outage") });
  setupDatabase(env);
  servers.push(await startApp(env), await startApp(env));
}, 120_000);

afterAll(async () => {
  for (const s of servers) await s.stop();
  postgres.destroy();
});

type Health = {
  success: boolean;
  code?: string;
  error?: string;
  data: { status: string; database: { reachable: boolean; engine: string } };
};

itWithPostgresTools(
  "answers 503 in the envelope while PostgreSQL is down and recovers by itself when it returns",
  async () => {
    for (const s of servers) {
      expect((await api<Health>(s.base, "/api/v1/health")).json.data).toMatchObject({
        status: "ok",
        database: { reachable: true, engine: "postgresql" },
      });
      expect((await api(s.base, "/api/v1/comparison-cards?country=gb")).status).toBe(200);
    }

    postgres.stop();
    for (const s of servers) {
      const health = await api<Health>(s.base, "/api/v1/health");
      expect(health.status).toBe(503);
      expect(health.json).toMatchObject({
        success: false,
        code: "database_unavailable",
        data: { status: "down", database: { reachable: false, engine: "postgresql" } },
      });
      // A list not in the read cache, a card, a login: each needs the database.
      for (const [path, body] of [
        ["/api/v1/comparison-cards?country=jp&category=science", undefined],
        ["/api/v1/comparison-cards/c_missing", undefined],
        ["/api/v1/auth/login", { username: "reader", password: "public-reader-account" }],
      ] as const) {
        const res = await api(s.base, path, { body });
        expect(res.status, path).toBe(503);
        expect(res.json, path).toEqual({
          success: false,
          code: "database_unavailable",
          error: "The database is unavailable; try again shortly.",
          requestId: expect.any(String),
        });
      }
      // What needs no database still answers.
      expect((await api(s.base, "/api/v1/comparison-cards/options")).status).toBe(200);
      expect((await api(s.base, "/api/v1/health?probe=live")).json).toEqual({
        success: true,
        data: { alive: true },
      });
    }

    await postgres.start();
    for (const s of servers) {
      let health = await api<Health>(s.base, "/api/v1/health");
      for (let i = 0; i < 40 && health.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 250));
        health = await api<Health>(s.base, "/api/v1/health");
      }
      expect(health.json.data).toMatchObject({ status: "ok", database: { reachable: true } });
      expect((await api(s.base, "/api/v1/comparison-cards?country=jp&category=science")).status).toBe(200);
      expect(
        (
          await api(s.base, "/api/v1/auth/login", {
            body: { username: "reader", password: "public-reader-account" },
          })
        ).status,
      ).toBe(200);
    }
  },
);
