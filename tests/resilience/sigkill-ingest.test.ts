import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rssFeed } from "@/tests/helpers/rss";
import { api, appEnv, inspect, loginAs, setupDatabase, startApp, tempDir, TEST_OPERATOR } from "./helpers";

/**
 * Issue 9: the server is killed with SIGKILL in the middle of an ingest run. After a restart:
 * no half-written feed, no duplicate article, no orphan card, and the next run completes.
 */

const ITEMS = 150;
const dir = tempDir("sigkill");
const target = { engine: "pglite" as const, dir: path.join(dir, "pglite") };
const env = appEnv({ DATABASE_URL: `pglite:${target.dir}`, DATA_DIR: dir, FEED_TIMEOUT_MS: "30000" });
let feeds: http.Server;
let origin = "";

beforeAll(async () => {
  // Every feed answers 150 fresh items of its own; a third of them answer only after 3 s.
  feeds = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const id = url.pathname.split("/").pop()!;
    const body = rssFeed(
      id,
      Array.from({ length: ITEMS }, (_, i) => ({
        title: `${id} item ${i}: council report number ${i} on ${id.replace(/[:-]/g, " ")}`,
        link: `https://${id.replace(/[^a-z0-9]/g, "")}.test/story/${i}`,
        description: `Details of report ${i} from ${id}.`,
        hoursAgo: 1 + (i % 40),
      })),
    );
    setTimeout(
      () => res.writeHead(200, { "content-type": "application/rss+xml" }).end(body),
      url.searchParams.has("slow") ? 3_000 : 0,
    );
  });
  await new Promise<void>((r) => feeds.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(feeds.address() as { port: number }).port}`;
  setupDatabase(env);
  await inspect(target, async (db) => {
    const all = await db.prisma.feed.findMany({ orderBy: { id: "asc" } });
    for (const [i, f] of all.entries()) {
      await db.prisma.feed.update({
        where: { id: f.id },
        data: { url: `${origin}/feed/${encodeURIComponent(f.id)}${i % 3 === 0 ? "?slow=1" : ""}` },
      });
    }
  });
}, 120_000);

afterAll(() => new Promise<void>((r) => feeds.close(() => r())));

/** Per feed: stored articles and whether an outcome row exists; plus duplicates and orphan cards. */
async function consistency() {
  return inspect(target, async (db) => {
    const perFeed = await db.sql.query<{ feedId: string; n: number; outcomes: number }>(
      `SELECT f.id AS "feedId",
              (SELECT count(*)::int FROM "Article" a WHERE a."feedId" = f.id) AS n,
              (SELECT count(*)::int FROM "IngestOutcome" o WHERE o."feedId" = f.id AND o.status = 'ok') AS outcomes
         FROM "Feed" f`,
    );
    const duplicates = await db.sql.query(
      `SELECT "sourceId", "titleHash" FROM "Article" GROUP BY 1, 2 HAVING count(*) > 1`,
    );
    const orphanCards = await db.sql.query(
      `SELECT c.id FROM "ComparisonCard" c WHERE c."retiredAt" IS NULL AND NOT EXISTS (SELECT 1 FROM "CardArticle" m WHERE m."cardId" = c.id)`,
    );
    const runs = await db.sql.query<{ status: string }>(
      `SELECT status FROM "IngestRun" ORDER BY "startedAt"`,
    );
    return { perFeed, duplicates, orphanCards, runs: runs.map((r) => r.status) };
  });
}

it("keeps every feed whole, nothing twice and no orphan card across a SIGKILL, and the next run completes", async () => {
  let server = await startApp(env);
  const token = await loginAs(server.base, TEST_OPERATOR);
  const pending = api(server.base, "/api/v1/comparison-cards/generate", {
    token,
    body: { country: "us" },
  }).catch((e: Error) => e);
  // Kill once the first feeds have committed, while others are still being fetched or written.
  for (let i = 0; i < 200; i++) {
    const status = await api<{ data: { sources: { lastSuccessAt: string | null }[] } }>(
      server.base,
      "/api/v1/comparison-cards/status/scheduler",
    );
    if (status.json.data.sources.some((s) => s.lastSuccessAt)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await server.stop("SIGKILL");
  expect(await pending).toBeInstanceOf(Error); // the request died with the process

  const afterKill = await consistency();
  expect(afterKill.runs).toEqual(["running"]);
  // Feed transactions commit without waiting for the disk (lib/ingest/store.ts), so a kill may
  // lose the run's latest feeds; never part of one: a feed is whole, with its outcome, or absent.
  expect(afterKill.perFeed.filter((f) => f.n > 0).length).toBeLessThan(afterKill.perFeed.length);
  for (const f of afterKill.perFeed) {
    expect([0, ITEMS], `feed ${f.feedId} holds ${f.n} articles`).toContain(f.n);
    expect(f.outcomes, `feed ${f.feedId}: outcome row and articles commit together`).toBe(f.n > 0 ? 1 : 0);
  }
  expect(afterKill.duplicates).toEqual([]);
  expect(afterKill.orphanCards).toEqual([]);

  // Restart on the same folder: the dead process's lock is stale, its run is marked interrupted.
  let fetched = 0;
  let added = 0;
  server = await startApp(env);
  try {
    const again = await loginAs(server.base, TEST_OPERATOR);
    const res = await api<{ data: { status: string; feeds: number; articles: { new: number } } }>(
      server.base,
      "/api/v1/comparison-cards/generate",
      { token: again, body: { country: "us" } },
    );
    expect(res.status).toBe(200);
    expect(res.json.data.status).toBe("succeeded");
    fetched = res.json.data.feeds;
    added = res.json.data.articles.new;
  } finally {
    await server.stop();
  }
  const final = await consistency();
  expect(final.runs).toEqual(["interrupted", "succeeded"]);
  // Every feed of the outlets covering the country is now whole; the kill cost only a refetch.
  const whole = (state: typeof final) =>
    new Set(state.perFeed.filter((f) => f.n === ITEMS).map((f) => f.feedId));
  expect(whole(final).size).toBe(fetched);
  for (const id of whole(afterKill)) expect(whole(final).has(id)).toBe(true);
  expect(added).toBe((whole(final).size - whole(afterKill).size) * ITEMS);
  for (const f of final.perFeed) expect([0, ITEMS], `feed ${f.feedId}`).toContain(f.n);
  expect(final.duplicates).toEqual([]);
  expect(final.orphanCards).toEqual([]);
}, 180_000);
