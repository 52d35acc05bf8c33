import { beforeAll, describe, expect, it } from "vitest";
import { GET as sourcesRoute } from "@/app/api/v1/sources/route";
import { GET as sourceRoute } from "@/app/api/v1/sources/[id]/route";
import { getPrisma } from "@/lib/db";
import { invalidateReadCache } from "@/lib/read-cache";
import { computedProfiles, forgetOutletProfiles, outletProfile } from "@/lib/services/source-profiles";
import { call } from "@/tests/helpers/api";
import { insertArticles, insertStory } from "@/tests/helpers/cards";

/**
 * Issue 26: GET /api/v1/sources lists the 19 outlets with ownership and paywall, and
 * GET /api/v1/sources/{id} answers an outlet's profile: its feeds' state in words, the stories
 * of the window it covered (who else did, whether it was first) and those it left out.
 */

type Story = { cardId: string; otherOutlets?: number; reportedFirst?: boolean; outlets?: number };
type Profile = {
  id: string;
  ownership: { kind: string; owner: string; funding: string; asOf: string };
  paywall: string;
  itemsInWindow: number;
  demoItemsInWindow: number;
  itemsInStories: number;
  feeds: {
    category: string;
    status: string;
    problem: string | null;
    itemsInWindow: number;
    lastFetchedAt: string | null;
  }[];
  covered: { total: number; stories: Story[] };
  leftOut: { minOutlets: number; total: number; stories: Story[] };
  unavailableReason: string | null;
};

const profile = (id: string, client = "127.0.0.1") =>
  call<{ success: boolean; data: Profile; code?: string }>(sourceRoute, `/api/v1/sources/${id}`, {
    params: { id },
    headers: { "x-forwarded-for": client },
  });

beforeAll(async () => {
  await insertStory({
    cardId: "s_first",
    countries: ["gb", "us"],
    articles: [
      { sourceId: "cnn", title: "Harbour strike ends after talks", hoursAgo: 3 },
      { sourceId: "bbc-news", title: "Dock workers end harbour strike", hoursAgo: 5 },
      { sourceId: "npr", title: "Strike at the harbour is over", hoursAgo: 2 },
    ],
  });
  await insertStory({
    cardId: "s_late",
    countries: ["de"],
    articles: [
      { sourceId: "bbc-news", title: "Rail fares rise in spring", hoursAgo: 1 },
      { sourceId: "deutsche-welle", title: "Spring rail fare rise", hoursAgo: 6 },
    ],
  });
  await insertStory({
    cardId: "s_missed",
    countries: ["gb"],
    articles: [
      { sourceId: "cnn", title: "Museum returns stolen crown", hoursAgo: 4 },
      { sourceId: "the-guardian", title: "Stolen crown goes back to museum", hoursAgo: 2 },
      { sourceId: "fox-news", title: "Crown returned to museum", hoursAgo: 1 },
    ],
  });
  await insertStory({
    cardId: "s_pair",
    countries: ["gb"],
    articles: [
      { sourceId: "cnn", title: "Zoo welcomes twin pandas", hoursAgo: 4 },
      { sourceId: "npr", title: "Twin pandas born at zoo", hoursAgo: 2 },
    ],
  });
  await insertStory({
    cardId: "s_old",
    countries: ["gb"],
    articles: [
      { sourceId: "bbc-news", title: "Old story of the week before", hoursAgo: 90 },
      { sourceId: "cnn", title: "Old story, told again", hoursAgo: 91 },
    ],
  });
  const prisma = getPrisma();
  const now = new Date();
  await prisma.feed.update({
    where: { id: "bbc-news:general" },
    data: { lastFetchedAt: now, lastSuccessAt: now, errorCount: 0, lastStatus: 200 },
  });
  await prisma.feed.update({
    where: { id: "bbc-news:business" },
    data: {
      lastFetchedAt: now,
      lastErrorAt: now,
      errorCount: 2,
      lastError: "network error: ECONNREFUSED at internal-host.example:8443",
    },
  });
  const bbc = await prisma.article.findMany({ where: { sourceId: "bbc-news" }, select: { id: true } });
  await prisma.article.updateMany({
    where: { id: { in: bbc.map((a) => a.id) } },
    data: { feedId: "bbc-news:general" },
  });
});

it("lists the 19 outlets, each with its ownership and paywall", async () => {
  const res = await call<{ data: Profile[] }>(sourcesRoute, "/api/v1/sources");
  expect(res.status).toBe(200);
  expect(res.json.data).toHaveLength(19);
  for (const s of res.json.data) {
    expect(s.ownership.kind, s.id).toBeTruthy();
    expect(s.ownership.asOf, s.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(["none", "metered", "hard"], s.id).toContain(s.paywall);
  }
  const byId = new Map(res.json.data.map((s) => [s.id, s]));
  expect(byId.get("bbc-news")?.ownership.kind).toBe("public broadcaster");
  expect(byId.get("financial-times")?.paywall).toBe("hard");
});

it("answers an outlet's profile: ownership, paywall and each feed's state in words only", async () => {
  const res = await profile("bbc-news");
  expect(res.status).toBe(200);
  const p = res.json.data;
  expect(p).toMatchObject({
    id: "bbc-news",
    paywall: "none",
    ownership: { kind: "public broadcaster", funding: expect.stringContaining("licence fee") },
    itemsInWindow: 2,
  });
  const feeds = new Map(p.feeds.map((f) => [f.category, f]));
  expect(feeds.get("general")).toMatchObject({ status: "ok", problem: null, itemsInWindow: 2 });
  expect(feeds.get("business")).toMatchObject({
    status: "failing",
    problem: "network error",
    itemsInWindow: 0,
  });
  expect(feeds.get("health")).toMatchObject({ status: "not fetched yet", lastFetchedAt: null });
  // The host's own error text never leaves the server.
  expect(res.text).not.toContain("ECONNREFUSED");
  expect(res.text).not.toContain("internal-host");
});

it("lists the window's stories it covered, with how many others did and whether it was first", async () => {
  const p = (await profile("bbc-news")).json.data;
  expect(p.covered.total).toBe(2);
  expect(p.covered.stories).toEqual([
    expect.objectContaining({ cardId: "s_late", otherOutlets: 1, reportedFirst: false }),
    expect.objectContaining({ cardId: "s_first", otherOutlets: 2, reportedFirst: true }),
  ]);
});

it("lists what it left out: stories of several outlets in its categories and countries", async () => {
  const bbc = (await profile("bbc-news")).json.data;
  expect(bbc.leftOut).toMatchObject({ minOutlets: 3, total: 1 });
  expect(bbc.leftOut.stories).toEqual([expect.objectContaining({ cardId: "s_missed", outlets: 3 })]);
  // NPR covers the United States only: a British story it did not tell is not held against it.
  const npr = (await profile("npr")).json.data;
  expect(npr.leftOut.stories.map((s) => s.cardId)).toEqual([]);
  expect(npr.covered.stories.map((s) => s.cardId)).toEqual(["s_pair", "s_first"]);
});

it("says why an unavailable outlet has no feeds", async () => {
  const p = (await profile("reuters")).json.data;
  expect(p.feeds).toEqual([]);
  expect(p.unavailableReason).toContain("2020");
  expect(p.leftOut.stories).toEqual([]);
});

it("answers 404 for an unknown outlet and 400 for a malformed id, in the error envelope", async () => {
  const missing = await profile("no-such-outlet");
  expect(missing.status).toBe(404);
  expect(missing.json).toMatchObject({ success: false, code: "not_found" });
  const bad = await profile("BBC News!");
  expect(bad.status).toBe(400);
  expect(bad.json).toMatchObject({ success: false, code: "validation_error" });
});

it("answers from the read cache with an ETag, and 304 to a client holding it", async () => {
  const first = await profile("the-guardian");
  const etag = first.headers.get("etag")!;
  expect(etag).toBeTruthy();
  const again = await call(sourceRoute, "/api/v1/sources/the-guardian", {
    params: { id: "the-guardian" },
    headers: { "if-none-match": etag },
  });
  expect(again.status).toBe(304);
});

it("says how many of its articles are demo and how many a story holds, so the page's counts agree (issue 33)", async () => {
  // Fox News: one report in a story, one no other outlet matched, one from the demo snapshot.
  await insertArticles("fox-loose", [
    { sourceId: "fox-news", title: "Fox report no one else ran", hoursAgo: 2 },
  ]);
  const [demo] = await insertArticles("fox-demo", [
    { sourceId: "fox-news", title: "Demo report", hoursAgo: 2 },
  ]);
  await getPrisma().article.update({ where: { id: demo }, data: { isDemo: true } });
  invalidateReadCache();
  const fox = (await profile("fox-news")).json.data;
  expect(fox).toMatchObject({ itemsInWindow: 3, demoItemsInWindow: 1, itemsInStories: 1 });
  expect(fox.feeds.reduce((n, f) => n + f.itemsInWindow, 0)).toBe(0);
  const bbc = (await profile("bbc-news")).json.data;
  expect(bbc).toMatchObject({ itemsInWindow: 2, demoItemsInWindow: 0, itemsInStories: 2 });
});

it("calls a feed offline, not failing, when its host was unreachable while no outlet's feed could be fetched", async () => {
  const prisma = getPrisma();
  const now = new Date();
  await prisma.feed.updateMany({
    where: { errorCount: 0, lastFetchedAt: { not: null } },
    data: {
      errorCount: 1,
      lastErrorAt: now,
      lastError: "network error: getaddrinfo ENOTFOUND feeds.example",
    },
  });
  await prisma.feed.update({
    where: { id: "bbc-news:technology" },
    data: { lastFetchedAt: now, lastErrorAt: now, errorCount: 1, lastError: "HTTP 503 Service Unavailable" },
  });
  invalidateReadCache();
  const feeds = new Map((await profile("bbc-news")).json.data.feeds.map((f) => [f.category, f]));
  expect(feeds.get("general")).toMatchObject({ status: "offline", problem: "network error" });
  expect(feeds.get("business")).toMatchObject({ status: "offline", problem: "network error" });
  // An answer the host gave is its own failure, whatever the network.
  expect(feeds.get("technology")).toMatchObject({ status: "failing", problem: "HTTP 5xx" });
  expect(feeds.get("health")).toMatchObject({ status: "not fetched yet" });
});

describe("outlet ids and profiles under hostile clients (issue 34)", () => {
  it("trims an id before any key or work, refuses an unknown one before any query, and computes a profile once per state of the window", async () => {
    forgetOutletProfiles();
    invalidateReadCache();
    const before = computedProfiles();
    const plain = await profile("cnn", "10.9.0.1");
    expect(plain.status).toBe(200);
    // What Next hands the route for /sources/cnn%20%20 (and a tab, a newline …): the same outlet.
    for (const padded of ["cnn  ", "  cnn", "cnn\t", "\ncnn "]) {
      const res = await profile(padded, "10.9.0.1");
      expect(res.status, JSON.stringify(padded)).toBe(200);
      expect(res.headers.get("etag")).toBe(plain.headers.get("etag"));
    }
    // Past the read cache's five seconds (the page and the API each ask again): the kept profile, no new work.
    expect((await outletProfile("cnn"))?.id).toBe("cnn");
    for (let i = 0; i < 20; i++) {
      const unknown = await profile(`no-such-outlet-${i}`, "10.9.0.1");
      expect(unknown.status).toBe(404);
      expect(unknown.json).toMatchObject({ success: false, code: "not_found" });
    }
    expect(computedProfiles()).toBe(before + 1);
  });

  it("after another instance rebuilt, serves the kept profile while one computation makes the new one", async () => {
    forgetOutletProfiles();
    const old = (await outletProfile("npr"))!;
    await insertStory({
      cardId: "s_new",
      countries: ["us"],
      articles: [
        { sourceId: "npr", title: "Senate passes farm bill", hoursAgo: 1 },
        { sourceId: "cnn", title: "Farm bill clears the Senate", hoursAgo: 2 },
      ],
    });
    // What a rebuild of another instance stores with the cards (this process's read cache is untouched).
    await getPrisma().counter.upsert({
      where: { name: "cards.built-from" },
      create: { name: "cards.built-from", value: 1n },
      update: { value: { increment: 1n } },
    });
    await new Promise((r) => setTimeout(r, 1_100)); // the window's state is read once a second
    const computed = computedProfiles();
    expect((await outletProfile("npr"))!.covered.total).toBe(old.covered.total);
    let fresh = old;
    for (let i = 0; i < 50 && fresh.covered.total === old.covered.total; i++) {
      await new Promise((r) => setTimeout(r, 100));
      fresh = (await outletProfile("npr"))!;
    }
    expect(fresh.covered.total).toBe(old.covered.total + 1);
    expect(computedProfiles()).toBe(computed + 1);
  });

  it("after this process emptied its read cache (its own rebuild), the next answer is the new profile", async () => {
    const before = (await profile("npr", "10.9.0.2")).json.data;
    await insertStory({
      cardId: "s_newer",
      countries: ["us"],
      articles: [
        { sourceId: "npr", title: "Wildfire near Boise contained", hoursAgo: 1 },
        { sourceId: "fox-news", title: "Boise wildfire now contained", hoursAgo: 2 },
      ],
    });
    invalidateReadCache();
    expect((await profile("npr", "10.9.0.2")).json.data.covered.total).toBe(before.covered.total + 1);
  });

  it("limits each client (RATE_LIMIT_OUTLET_PER_CLIENT_PER_MINUTE), unknown ids counted too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await profile(i % 2 ? "cnn" : "nope", "10.9.0.3")).status);
    expect(statuses.slice(0, 60).every((s) => s === 200 || s === 404)).toBe(true);
    const refused = await profile("cnn", "10.9.0.3");
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: "rate_limited", details: { limit: "outlet-client" } });
    expect(refused.headers.get("retry-after")).toBeTruthy();
  });
});
