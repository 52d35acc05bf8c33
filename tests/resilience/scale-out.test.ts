import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { RunningServer } from "@/scripts/bench/lib/server";
import { rssFeed } from "@/tests/helpers/rss";
import {
  api,
  appEnv,
  createPostgresDatabase,
  dropPostgresDatabase,
  inspect,
  loginAs,
  postgresUrl,
  setupDatabase,
  startApp,
  tempDir,
  TEST_CRON_SECRET,
  TEST_OPERATOR,
} from "./helpers";
import { machineHas } from "@/tests/setup/test-env";

/**
 * Issue 9: two `next start` instances on one PostgreSQL database serve the same data; exactly
 * one ingest or scheduler run happens at a time across them; rate limits and the analysis
 * cache are shared; card ids are stable whichever instance built them.
 */

// Needs a PostgreSQL server; npm test skips these (and says so) on a machine without one.
const itOnPostgres = it.runIf(machineHas("postgres"));
const database = `news_res_scale_${process.pid}`;
const url = postgresUrl(database);
const env = appEnv({
  DATABASE_URL: url,
  DATA_DIR: tempDir("scale"),
  FEED_CONCURRENCY: "8",
  FEED_HOST_CONCURRENCY: "8",
});
let feeds: http.Server;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  // Two outlets tell the same story; every feed answers after 0.3 s so runs overlap.
  feeds = http.createServer((req, res) => {
    const id = decodeURIComponent(req.url!.split("/").pop()!);
    const items =
      id === "bbc-news:general" || id === "the-guardian:general"
        ? [
            {
              title: `Volcano on Iceland's Reykjanes peninsula erupts, 4,000 evacuated (${id.split(":")[0]})`,
              link: `https://${id.split(":")[0]}.test/volcano`,
              description:
                "An eruption near Grindavik forced 4,000 people to leave; Iceland declared an emergency.",
              hoursAgo: 1,
            },
          ]
        : [
            {
              title: `${id}: local notes`,
              link: `https://x.test/${encodeURIComponent(id)}`,
              description: "Notes.",
              hoursAgo: 2,
            },
          ];
    setTimeout(
      () => res.writeHead(200, { "content-type": "application/rss+xml" }).end(rssFeed(id, items)),
      300,
    );
  });
  await new Promise<void>((r) => feeds.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(feeds.address() as { port: number }).port}`;
  await createPostgresDatabase(database);
  setupDatabase(env);
  await inspect({ engine: "postgresql", url }, async (db) => {
    for (const f of await db.prisma.feed.findMany()) {
      await db.prisma.feed.update({
        where: { id: f.id },
        data: { url: `${origin}/feed/${encodeURIComponent(f.id)}` },
      });
    }
  });
  [a, b] = await Promise.all([startApp(env), startApp(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await new Promise((r) => feeds.close(r));
  await dropPostgresDatabase(database);
});

type Status = { data: { triggered: { ran: boolean; reason?: string } } };

itOnPostgres("runs exactly one ingest at a time across instances", async () => {
  const [fromA, fromB] = await Promise.all([
    api<Status>(a.base, "/api/v1/comparison-cards/status/scheduler", { token: TEST_CRON_SECRET }),
    api<Status>(b.base, "/api/v1/comparison-cards/status/scheduler", { token: TEST_CRON_SECRET }),
  ]);
  const results = [fromA.json.data.triggered, fromB.json.data.triggered];
  expect(results.filter((t) => t.ran)).toHaveLength(1);
  expect(results.find((t) => !t.ran)).toEqual({ ran: false, reason: "another ingest is running" });
});

itOnPostgres(
  "serves the same data from both instances, with card ids stable whichever instance built them",
  async () => {
    const list = async (s: RunningServer) =>
      (
        await api<{ data: { comparisonCards: { cardId: string; sourceCount: number }[] } }>(
          s.base,
          "/api/v1/comparison-cards?country=gb",
        )
      ).json.data.comparisonCards;
    const fromA = await list(a);
    expect(fromA.length).toBeGreaterThan(0);
    expect(await list(b)).toEqual(fromA);
    expect((await api(b.base, "/api/v1/sources")).json).toEqual((await api(a.base, "/api/v1/sources")).json);
    // B fetches and re-clusters everything again: the stories keep the ids A gave them.
    const token = await loginAs(b.base, TEST_OPERATOR);
    const again = await api<{ data: { cards: { created: number; retired: number } } }>(
      b.base,
      "/api/v1/comparison-cards/generate",
      { token, body: { country: "gb" } },
    );
    expect(again.json.data.cards).toMatchObject({ created: 0, retired: 0 });
    await new Promise((r) => setTimeout(r, 5_100)); // the instances' read caches expire
    expect((await list(a)).map((c) => c.cardId)).toEqual(fromA.map((c) => c.cardId));
    expect((await list(b)).map((c) => c.cardId)).toEqual(fromA.map((c) => c.cardId));
  },
);

itOnPostgres(
  "shares the login rate limit: five failures on one instance, the sixth attempt on the other gets 429",
  async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await api(a.base, "/api/v1/auth/login", { body: { username: "operator", password: `wrong-${i}` } }))
          .status,
      ).toBe(401);
    }
    const sixth = await api(b.base, "/api/v1/auth/login", {
      body: { username: "operator", password: "wrong-6" },
    });
    expect(sixth.status).toBe(429);
    expect(sixth.json).toMatchObject({ code: "rate_limited" });
  },
);

itOnPostgres(
  "shares the analysis cache: an answer computed on one instance is a cache hit on the other",
  async () => {
    const body = {
      articles: [
        {
          title: "Volcano erupts on Iceland's Reykjanes peninsula",
          source: "BBC News",
          summary: "4,000 people left Grindavik.",
          content: "An eruption near Grindavik forced 4,000 people to leave.",
        },
        {
          title: "Iceland volcano eruption forces 4,000 to flee Grindavik",
          source: "The Guardian",
          summary: "Iceland declared an emergency.",
          content: "Iceland declared an emergency after 4,000 left Grindavik.",
        },
      ],
    };
    const onA = await api<{ data: { comparison: { cached: boolean; generatedAt: string } } }>(
      a.base,
      "/api/v1/analysis/compare-articles",
      { token: await loginAs(a.base, { username: "reader", password: "public-reader-account" }), body },
    );
    const onB = await api<{ data: { comparison: { cached: boolean; generatedAt: string } } }>(
      b.base,
      "/api/v1/analysis/compare-articles",
      { token: await loginAs(b.base, { username: "reader", password: "public-reader-account" }), body },
    );
    expect(onA.json.data.comparison.cached).toBe(false);
    expect(onB.json.data.comparison).toMatchObject({
      cached: true,
      generatedAt: onA.json.data.comparison.generatedAt,
    });
  },
);
