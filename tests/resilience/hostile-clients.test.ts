import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_READER } from "@/lib/auth/public-reader";
import { timeWithLiveness } from "@/scripts/bench/lib/liveness";
import type { RunningServer } from "@/scripts/bench/lib/server";
import { hostileAnalysisCases } from "@/tests/fixtures/hostile-analysis";
import { appEnv, loginAs, setupDatabase, startApp, tempDir } from "./helpers";

/**
 * Issue 14, against the built server on the embedded default, as a hostile visitor would call
 * it: pathological analysis requests (inside every schema limit) answer within a second while
 * the liveness probe keeps answering within 100 ms; and without a trusted proxy a client-sent
 * X-Forwarded-For does not decide the client's address (the socket does).
 */

const ANSWER_MS = 1_000;
const PROBE_MS = 100;
const dir = tempDir("hostile");
const env = appEnv({
  DATABASE_URL: `pglite:${path.join(dir, "pglite")}`,
  DATA_DIR: dir,
  TRUST_PROXY: "false",
});
let server: RunningServer;
let token: string;

beforeAll(async () => {
  setupDatabase(env);
  server = await startApp(env);
  token = await loginAs(server.base, PUBLIC_READER);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const compare = (articles: unknown) => () =>
  fetch(`${server.base}/api/v1/analysis/compare-articles`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ articles }),
  });

describe("pathological analysis requests", () => {
  beforeAll(async () => {
    // The first request loads the route's code; it is not what is measured.
    const warm = await compare(
      hostileAnalysisCases()[0]
        .articles.slice(0, 2)
        .map((a) => ({ ...a, summary: "Warm up.", content: "Warm up." })),
    )();
    expect(warm.status).toBe(200);
  });

  it.each(hostileAnalysisCases().map((c) => [c.name, c] as const))(
    "%s: answers within a second while liveness answers within 100 ms",
    async (_, c) => {
      const timing = await timeWithLiveness(server.base, compare(c.articles));
      expect(timing.status).toBe(200);
      expect(timing.ms).toBeLessThan(ANSWER_MS);
      expect(timing.probes).toBeGreaterThan(0);
      expect(timing.worstProbeMs).toBeLessThan(PROBE_MS);
    },
    60_000,
  );
});

describe("client address without a trusted proxy", () => {
  it("a made-up X-Forwarded-For per request does not escape the per-client login limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${server.base}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i + 1}` },
        body: JSON.stringify(PUBLIC_READER),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    // RATE_LIMIT_LOGIN_PER_IP (30) per window, counted from the socket address; one login happened in beforeAll.
    expect(statuses.filter((s) => s === 200).length).toBe(29);
    expect(statuses.slice(29).every((s) => s === 429)).toBe(true);
  });
});
