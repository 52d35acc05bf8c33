import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/health/route";
import { signAccessToken } from "@/lib/auth/tokens";
import { readMigrations } from "@/lib/database/migrate";
import { getDatabase } from "@/lib/db";
import { call } from "@/tests/helpers/api";
import pkg from "@/package.json";

const operatorToken = async () => (await signAccessToken({ username: "operator", role: "operator" })).token;
const readerToken = async () => (await signAccessToken({ username: "reader", role: "reader" })).token;

describe("GET /api/v1/health", () => {
  it.each([
    ["anyone", async () => undefined],
    ["a reader", readerToken],
  ])(
    "answers %s whether it is ready and the engine, and nothing of where the data is (issue 14)",
    async (_, token) => {
      const engine = getDatabase().engine;
      const res = await call(GET, "/api/v1/health", { token: await token() });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        success: true,
        data: {
          status: "ok",
          alive: true,
          ready: true,
          draining: false,
          database: { reachable: true, engine },
          version: pkg.version,
          time: expect.any(String),
        },
      });
      expect(res.text).not.toMatch(/news[-_]it[-_]|127\.0\.0\.1|5432|location/);
    },
  );

  it("answers the operator with the engine's location, latency, migrations, version and uptime", async () => {
    const engine = getDatabase().engine;
    const before = process.uptime();
    const res = await call(GET, "/api/v1/health", { token: await operatorToken() });
    const after = process.uptime();
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json).toMatchObject({
      success: true,
      data: {
        status: "ok",
        alive: true,
        ready: true,
        database: { reachable: true, engine, error: null },
        migrations: {
          applied: readMigrations().length,
          pending: [],
          total: readMigrations().length,
          upToDate: true,
        },
        version: pkg.version,
      },
    });
    const data = (
      res.json as { data: { uptimeSeconds: number; database: { latencyMs: number; location: string } } }
    ).data;
    // The process uptime (in whole seconds), not the time since the route module loaded; bounded
    // by the clock around the call, so a slow machine cannot fail it.
    expect(data.uptimeSeconds).toBeGreaterThanOrEqual(Math.floor(before));
    expect(data.uptimeSeconds).toBeLessThanOrEqual(Math.ceil(after));
    expect(data.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(data.database.location).toMatch(
      engine === "pglite" ? /^PGlite at \// : /^PostgreSQL at 127\.0\.0\.1:5432\/news_it_/,
    );
  });

  it("answers the liveness probe without touching the database", async () => {
    const res = await call(GET, "/api/v1/health", { query: { probe: "live" } });
    expect(res.json).toEqual({ success: true, data: { alive: true } });
  });

  it("refuses an unknown probe in the envelope", async () => {
    const res = await call(GET, "/api/v1/health", { query: { probe: "deep" } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      success: false,
      code: "validation_error",
      error: expect.stringContaining("query.probe"),
    });
  });

  it("keeps the caller's request id", async () => {
    const res = await call(GET, "/api/v1/health", { headers: { "x-request-id": "trace-abc-123" } });
    expect(res.headers.get("x-request-id")).toBe("trace-abc-123");
  });
});
