import { beforeAll, expect, it } from "vitest";
import { GET as sourcesRoute } from "@/app/api/v1/sources/route";
import { GET as sourceRoute } from "@/app/api/v1/sources/[id]/route";
import { getPrisma } from "@/lib/db";
import { invalidateReadCache } from "@/lib/read-cache";
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

const profile = (id: string) =>
  call<{ success: boolean; data: Profile; code?: string }>(sourceRoute, `/api/v1/sources/${id}`, {
    params: { id },
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
