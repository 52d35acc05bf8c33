import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { lockFileFor } from "@/lib/database/pglite-lock";
import { rssFeed } from "@/tests/helpers/rss";
import { api, appEnv, inspect, loginAs, setupDatabase, startApp, tempDir, TEST_OPERATOR } from "./helpers";

/**
 * Issue 9: on SIGTERM an instance stops taking requests, finishes those in flight and the
 * feed transaction it is writing, closes the database and releases the PGlite folder lock.
 */

const dir = tempDir("sigterm");
const target = { engine: "pglite" as const, dir: path.join(dir, "pglite") };
const env = appEnv({ DATABASE_URL: `pglite:${target.dir}`, DATA_DIR: dir });
let feeds: http.Server;

beforeAll(async () => {
  // Every feed answers after 4 s, so the generation request is in flight when SIGTERM comes
  // and stays in flight while we check that new connections are refused.
  feeds = http.createServer((req, res) => {
    const id = decodeURIComponent(req.url!.split("/").pop()!);
    const body = rssFeed(id, [
      {
        title: `${id}: harbour bridge reopens`,
        link: `https://x.test/${encodeURIComponent(id)}`,
        description: "Reopened.",
        hoursAgo: 1,
      },
    ]);
    setTimeout(() => res.writeHead(200, { "content-type": "application/rss+xml" }).end(body), 4_000);
  });
  await new Promise<void>((r) => feeds.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(feeds.address() as { port: number }).port}`;
  setupDatabase(env);
  await inspect(target, async (db) => {
    for (const f of await db.prisma.feed.findMany()) {
      await db.prisma.feed.update({
        where: { id: f.id },
        data: { url: `${origin}/feed/${encodeURIComponent(f.id)}` },
      });
    }
  });
}, 120_000);

afterAll(() => new Promise<void>((r) => feeds.close(() => r())));

/** Resolves once a new connection is refused, or with the last answer after `withinMs`. */
async function refusedWithin(base: string, withinMs: number): Promise<number | string> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const answer = await freshRequest(base);
    if (answer === "ECONNREFUSED" || Date.now() > deadline) return answer;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A request on a new connection (no keep-alive reuse): refused once the server closed. */
function freshRequest(base: string): Promise<number | string> {
  return new Promise((resolve) => {
    http
      .get(`${base}/api/v1/health?probe=live`, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

it("finishes the request in flight, refuses new ones, commits the run and releases the folder", async () => {
  const server = await startApp(env);
  expect(fs.existsSync(lockFileFor(target.dir))).toBe(true);
  const token = await loginAs(server.base, TEST_OPERATOR);
  const inFlight = api<{
    data: {
      status: string;
      articles: { new: number };
      feeds: number;
      failures: { status: string; error: string }[];
    };
  }>(server.base, "/api/v1/comparison-cards/generate", { token, body: { country: "ca" } });
  await new Promise((r) => setTimeout(r, 500)); // the run is fetching
  let settled = false;
  void inFlight.finally(() => (settled = true));
  const exited = server.stop("SIGTERM");
  // The signal reaches a busy process in its own time (other suites run beside this one on
  // two cores), so we poll; the request in flight must still be running when refusal starts.
  expect(await refusedWithin(server.base, 2_500)).toBe("ECONNREFUSED");
  expect(settled).toBe(false);

  // The feeds being fetched finish and are stored; the run starts no new feed and says so.
  const res = await inFlight;
  expect(res.status).toBe(200);
  expect(res.json.data.status).toBe("partial");
  expect(res.json.data.articles.new).toBeGreaterThan(0);
  expect(res.json.data.articles.new + res.json.data.failures.length).toBe(res.json.data.feeds);
  for (const f of res.json.data.failures)
    expect(f).toMatchObject({ status: "skipped", error: "the server is shutting down" });
  expect(await exited).not.toBeNull();
  expect(fs.existsSync(lockFileFor(target.dir))).toBe(false);

  // Everything the request reported is on disk, and the run is recorded as finished.
  const stored = await inspect(target, async (db) => ({
    runs: await db.prisma.ingestRun.findMany({ select: { status: true, finishedAt: true } }),
    articles: await db.prisma.article.count(),
  }));
  expect(stored.runs).toEqual([{ status: "partial", finishedAt: expect.any(Date) }]);
  expect(stored.articles).toBe(res.json.data.articles.new);

  const again = await startApp(env);
  expect((await api(again.base, "/api/v1/health")).status).toBe(200);
  await again.stop();
});
