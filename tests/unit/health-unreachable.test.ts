import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyTestEnv } from "@/tests/setup/test-env";
import { call } from "@/tests/helpers/api";

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** The health answer with this database, to anyone and to the operator. */
async function healthWith(databaseUrl: string, dataDir: string) {
  vi.resetModules();
  applyTestEnv({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  const { GET } = await import("@/app/api/v1/health/route");
  const { closeDatabase } = await import("@/lib/db");
  const { signAccessToken } = await import("@/lib/auth/tokens");
  cleanups.push(() => closeDatabase());
  // Signed with a stamp given (the database that holds the account is the one that is down).
  const token = (
    await signAccessToken({ username: "operator", role: "operator" }, new Date(), "stamp-not-checkable")
  ).token;
  return {
    anyone: await call(GET, "/api/v1/health"),
    operator: await call(GET, "/api/v1/health", { token }),
  };
}

/** What anyone sees when the database is down: that it is, and the engine (issue 14: not where, nor the driver's error). */
const publicDown = (engine: string) => ({
  success: false,
  code: "database_unavailable",
  error: "The database is unreachable.",
  requestId: expect.any(String),
  data: {
    status: "down",
    alive: true,
    ready: false,
    draining: false,
    database: { reachable: false, engine },
    version: expect.any(String),
    time: expect.any(String),
  },
});

const shape = {
  status: "down",
  alive: true,
  ready: false,
  migrations: null,
  version: expect.any(String),
  uptimeSeconds: expect.any(Number),
  time: expect.any(String),
};

describe("GET /api/v1/health with the database unreachable", () => {
  it("answers 503 in the envelope when PostgreSQL does not answer", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-health-"));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const { anyone, operator: res } = await healthWith("postgresql://postgres@127.0.0.1:1/nothing_here", dir);
    expect(anyone.status).toBe(503);
    expect(anyone.json).toEqual(publicDown("postgresql"));
    expect(anyone.text).not.toMatch(/127\.0\.0\.1|nothing_here|ECONNREFUSED/);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.json).toMatchObject({
      success: false,
      code: "database_unavailable",
      error: expect.stringMatching(/^Database unreachable: .*ECONNREFUSED|connect/i),
      requestId: expect.any(String),
      data: {
        ...shape,
        database: { reachable: false, engine: "postgresql", latencyMs: null, error: expect.any(String) },
      },
    });
  });

  it("answers 503 when another process holds the PGlite folder", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-health-"));
    const holder = spawn("sleep", ["30"]);
    cleanups.push(() => {
      holder.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    // Linux records the holder's start time, as lib/database/pglite-lock.ts does; elsewhere
    // (macOS) there is no /proc and the lock holds the pid alone.
    const stat = fs.existsSync(`/proc/${holder.pid}/stat`)
      ? fs.readFileSync(`/proc/${holder.pid}/stat`, "utf8")
      : null;
    const processStart = stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    fs.writeFileSync(
      path.join(dir, "pglite.lock"),
      JSON.stringify({
        pid: holder.pid,
        host: os.hostname(),
        processStart,
        purpose: "next start",
        since: "2026-11-21T10:00:00Z",
      }),
    );
    const { anyone, operator: res } = await healthWith(`pglite:${path.join(dir, "pglite")}`, dir);
    expect(anyone.status).toBe(503);
    expect(anyone.json).toEqual(publicDown("pglite"));
    expect(anyone.text).not.toContain(dir);
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({
      success: false,
      code: "database_unavailable",
      error: expect.stringContaining(`is in use by another process (pid ${holder.pid}, next start`),
      data: { ...shape, database: { reachable: false, engine: "pglite" } },
    });
  });
});
