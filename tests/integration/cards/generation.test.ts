import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/v1/comparison-cards/route";
import { POST as generateRoute } from "@/app/api/v1/comparison-cards/generate/route";
import { POST as onDemandRoute } from "@/app/api/v1/comparison-cards/generate/on-demand/route";
import { GET as schedulerRoute } from "@/app/api/v1/comparison-cards/status/scheduler/route";
import { signAccessToken } from "@/lib/auth/tokens";
import { getDatabase, getPrisma } from "@/lib/db";
import { invalidateReadCache } from "@/lib/read-cache";
import { call } from "@/tests/helpers/api";
import { startFeedServer, type FeedServer } from "@/tests/helpers/feed-server";
import { pointFeed, resetIngest } from "@/tests/helpers/ingest";
import { rssFeed } from "@/tests/helpers/rss";
import { TEST_CRON_SECRET } from "@/tests/setup/test-env";

let server: FeedServer;
let operator = "";
let reader = "";

const flood = (outlet: string, wording: string) =>
  rssFeed(outlet, [
    {
      title: `Flooding in Winnipeg forces 3,000 to evacuate ${wording}`,
      link: `https://${outlet}.test/flood`,
      description: `Rising Red River water forced 3,000 Winnipeg residents from their homes on Sunday ${wording}.`,
      hoursAgo: 2,
    },
    {
      title:
        outlet === "cbc"
          ? "Jets edge Oilers 4-3 in overtime thriller"
          : "Ashes: England bowled out for 212 at Lord's",
      link: `https://${outlet}.test/other`,
      description: "Match report.",
      hoursAgo: 3,
    },
  ]);
const measles = (outlet: string, wording: string) =>
  rssFeed(outlet, [
    {
      title: `Measles cases in Ontario rise to 412 ${wording}`,
      link: `https://${outlet}.test/measles`,
      description: `Ontario health officials reported 412 measles cases ${wording}.`,
      hoursAgo: 1,
    },
  ]);

beforeAll(async () => {
  server = await startFeedServer();
  await resetIngest(server);
  server.serve("/cbc/general", { body: flood("cbc", "as river crests") });
  server.serve("/bbc/general", { body: flood("bbc", "amid record rainfall") });
  server.serve("/cbc/health", { body: measles("cbc", "this week") });
  server.serve("/cnn/health", { body: measles("cnn", "as vaccination push begins") });
  await pointFeed(server, "cbc-news:general", "/cbc/general");
  await pointFeed(server, "bbc-news:general", "/bbc/general");
  await pointFeed(server, "cbc-news:health", "/cbc/health");
  await pointFeed(server, "cnn:health", "/cnn/health");
  operator = (await signAccessToken({ username: "operator", role: "operator" })).token;
  reader = (await signAccessToken({ username: "reader", role: "reader" })).token;
});

afterAll(() => server.close());

describe("POST /api/v1/comparison-cards/generate (operator)", () => {
  it("ingests the country's feeds, re-clusters and answers the run's summary", async () => {
    const res = await call<{ data: Record<string, unknown> }>(
      generateRoute,
      "/api/v1/comparison-cards/generate",
      { body: { country: "ca" }, token: operator },
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      country: "ca",
      status: "partial", // most feeds answer 404 here
      articles: { new: 6 }, // flood and another story from each general feed, measles from each health feed
      cards: { total: 2, created: 2 },
      unavailable: expect.arrayContaining([expect.objectContaining({ sourceId: "reuters" })]),
    });
    expect((res.json.data.failures as unknown[]).length).toBeGreaterThan(10);
    invalidateReadCache();
    const list = await call<{ data: { comparisonCards: Array<{ topic: string; sourceCount: number }> } }>(
      listRoute,
      "/api/v1/comparison-cards",
      { query: { country: "ca" } },
    );
    expect(list.json.data.comparisonCards).toHaveLength(1);
    expect(list.json.data.comparisonCards[0]).toMatchObject({
      topic: expect.stringMatching(/^Flooding in Winnipeg forces 3,000 to evacuate/),
      sourceCount: 2,
    });
  });

  it("defaults the country to us", async () => {
    const res = await call<{ data: { country: string } }>(
      generateRoute,
      "/api/v1/comparison-cards/generate",
      { body: {}, token: operator },
    );
    expect(res.json.data.country).toBe("us");
  });

  it("answers 409 with when to try again (Retry-After, and the time in words) while another ingest holds the lock", async () => {
    let res: Awaited<ReturnType<typeof call>> | undefined;
    await getDatabase().withLock("ingest", async () => {
      res = await call(generateRoute, "/api/v1/comparison-cards/generate", {
        body: { country: "ca" },
        token: operator,
      });
    });
    expect(res!.status).toBe(409);
    // Issue 34: when to try again, in words and in Retry-After, not a bare 409.
    expect(res!.json).toMatchObject({
      success: false,
      code: "conflict",
      error: expect.stringMatching(/^Another ingest is running; try again at \d\d:\d\d UTC\.$/),
      details: { retryAt: expect.any(String), retryAfterSeconds: expect.any(Number) },
    });
    const { retryAt, retryAfterSeconds } = (
      res!.json as { details: { retryAt: string; retryAfterSeconds: number } }
    ).details;
    expect(Number(res!.headers.get("retry-after"))).toBe(retryAfterSeconds);
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(10);
    expect((res!.json as { error: string }).error).toContain(retryAt.slice(11, 16));
    expect(Date.parse(retryAt) - Date.now()).toBeLessThanOrEqual(retryAfterSeconds * 1000);
  });
});

describe("POST /api/v1/comparison-cards/generate/on-demand (reader)", () => {
  // Time passes: every feed is due again, as it would be after the scheduler interval.
  const feedsGoStale = () =>
    getPrisma().feed.updateMany({ data: { lastFetchedAt: new Date(Date.now() - 3_600_000) } });

  it("answers already_available for a pair that has cards", async () => {
    const res = await call(onDemandRoute, "/api/v1/comparison-cards/generate/on-demand", {
      body: { country: "ca", category: "health" },
      token: reader,
    });
    expect(res.json).toEqual({
      success: true,
      data: {
        action: "already_available",
        country: "ca",
        category: "health",
        cards: 1,
        fetchedFeeds: 0,
        message: "Cards already exist for this selection.",
      },
    });
  });

  it("fetches a stale pair's feeds and answers no_new_articles when no story has two outlets", async () => {
    await feedsGoStale();
    const res = await call<{ data: Record<string, unknown> }>(
      onDemandRoute,
      "/api/v1/comparison-cards/generate/on-demand",
      { body: { country: "jp", category: "sports" }, token: reader },
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      action: "no_new_articles",
      cards: 0,
      message: "No story in this selection is covered by two or more outlets yet.",
    });
    expect(res.json.data.fetchedFeeds).toBeGreaterThan(0);
  });

  it("generates cards when the fetched feeds share a story about the country", async () => {
    // Global outlets feed a country's view through mentions of it (issue 4).
    server.serve("/cnn/science", {
      body: rssFeed("cnn", [
        {
          title: "Japan's Kestrel-2 probe lands on asteroid Bennu-B after 6-year trip",
          link: "https://cnn.test/probe",
          description: "The Japanese Kestrel-2 probe landed on asteroid Bennu-B.",
          hoursAgo: 1,
        },
      ]),
    });
    server.serve("/bbc/science", {
      body: rssFeed("bbc", [
        {
          title: "Japanese probe Kestrel-2 touches down on Bennu-B asteroid after 6 years",
          link: "https://bbc.test/probe",
          description: "Kestrel-2, launched from Japan, touched down on Bennu-B.",
          hoursAgo: 2,
        },
      ]),
    });
    await pointFeed(server, "cnn:science", "/cnn/science");
    await pointFeed(server, "bbc-news:science", "/bbc/science");
    await feedsGoStale();
    const res = await call<{ data: Record<string, unknown> }>(
      onDemandRoute,
      "/api/v1/comparison-cards/generate/on-demand",
      { body: { country: "jp", category: "science" }, token: reader },
    );
    expect(res.json.data).toMatchObject({
      action: "generated",
      country: "jp",
      category: "science",
      cards: 1,
      message: "1 comparison card ready.",
    });
  });
});

describe("GET /api/v1/comparison-cards/status/scheduler", () => {
  it("answers the last run, the next run and per-source health", async () => {
    const res = await call<{ data: Record<string, unknown> & { sources: Array<Record<string, unknown>> } }>(
      schedulerRoute,
      "/api/v1/comparison-cards/status/scheduler",
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      enabled: false,
      intervalMinutes: 15,
      nextRunAt: null,
      lastRun: { trigger: "on-demand" },
    });
    expect(res.json.data).not.toHaveProperty("triggered");
    const cbc = res.json.data.sources.find((s) => s.id === "cbc-news")!;
    expect(cbc).toMatchObject({
      available: true,
      feeds: 6,
      lastSuccessAt: expect.any(String),
      failingFeeds: expect.any(Number),
    });
    expect(res.json.data.sources.find((s) => s.id === "reuters")).toMatchObject({
      available: false,
      feeds: 0,
    });
  });

  it("tells anyone only the class of a feed's last error; the operator gets the message (issue 14)", async () => {
    type Status = { data: { sources: Array<{ id: string; lastError: string | null }> } };
    const path = "/api/v1/comparison-cards/status/scheduler";
    const lastErrors = (res: { json: Status }) =>
      new Map(res.json.data.sources.map((s) => [s.id, s.lastError]));
    // NPR's feeds point at paths of the test server that answer 404.
    expect(lastErrors(await call<Status>(schedulerRoute, path)).get("npr")).toBe("HTTP 4xx");
    expect(lastErrors(await call<Status>(schedulerRoute, path, { token: reader })).get("npr")).toBe(
      "HTTP 4xx",
    );
    expect(lastErrors(await call<Status>(schedulerRoute, path, { token: operator })).get("npr")).toBe(
      "HTTP 404",
    );
  });

  it("answers anyone from the read cache with an ETag (issue 34); the operator's details are computed for each call", async () => {
    type Status = { data: { sources: Array<{ id: string; lastError: string | null }> } };
    const path = "/api/v1/comparison-cards/status/scheduler";
    invalidateReadCache();
    const first = await call<Status>(schedulerRoute, path);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await call(schedulerRoute, path, { headers: { "if-none-match": etag! } })).status).toBe(304);
    // A feed's state changes: anyone gets the kept answer for a few seconds, the operator the new one.
    const lastError = (res: { json: Status }) => res.json.data.sources.find((s) => s.id === "npr")!.lastError;
    const npr = await getPrisma().feed.findFirstOrThrow({ where: { sourceId: "npr" } });
    await getPrisma().feed.update({
      where: { id: npr.id },
      data: { lastError: "HTTP 503 at a later time", lastErrorAt: new Date(Date.now() + 60_000) },
    });
    expect(lastError(await call<Status>(schedulerRoute, path))).toBe(lastError(first));
    expect(lastError(await call<Status>(schedulerRoute, path, { token: operator }))).toBe(
      "HTTP 503 at a later time",
    );
    invalidateReadCache();
    expect(lastError(await call<Status>(schedulerRoute, path))).toBe("HTTP 5xx");
  });

  it("with the cron secret also runs a refresh of the due feeds", async () => {
    const res = await call<{ data: { triggered: Record<string, unknown>; lastRun: { trigger: string } } }>(
      schedulerRoute,
      "/api/v1/comparison-cards/status/scheduler",
      { token: TEST_CRON_SECRET },
    );
    expect(res.status).toBe(200);
    expect(res.json.data.triggered).toMatchObject({ ran: true, runId: expect.any(String) });
    expect(res.json.data.lastRun.trigger).toBe("cron");
  });
});
