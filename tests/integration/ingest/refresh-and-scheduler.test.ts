import { beforeEach, describe, expect, it } from "vitest";
import { getDatabase, getPrisma } from "@/lib/db";
import { startScheduler } from "@/lib/scheduler/start";
import { loadDemoSnapshot } from "@/lib/services/load-demo-snapshot";
import { refreshNews } from "@/lib/services/refresh-news";
import { runSchedulerTick } from "@/lib/services/run-scheduler-tick";
import { FIXTURE_NOW } from "@/tests/helpers/feed-fixtures";
import { FAST_FETCH, pointFeed, resetIngest, feedServerForFile } from "@/tests/helpers/ingest";

const server = feedServerForFile();

const NOW = FIXTURE_NOW;
const OFFLINE_FETCH = { ...FAST_FETCH, retries: 0 };

describe("offline first start (DEMO_SNAPSHOT=auto)", () => {
  beforeEach(async () => {
    await resetIngest(null); // every feed points at a port where nothing listens
  });

  it("loads the bundled demo snapshot when the very first run gets nothing, marked as demo", async () => {
    const result = await refreshNews({
      trigger: "cli",
      now: NOW,
      demoSnapshot: "auto",
      fetch: OFFLINE_FETCH,
    });
    expect(result.ingest.status).toBe("failed");
    expect(
      result.ingest.outcomes.every((o) => o.status === "error" && /ECONNREFUSED/.test(o.error ?? "")),
    ).toBe(true);
    expect(result.demo.loaded).not.toBeNull();

    const prisma = getPrisma();
    const demo = await prisma.article.findMany();
    expect(demo.length).toBe(34);
    expect(demo.every((a) => a.isDemo)).toBe(true);
    expect(await prisma.ingestRun.count({ where: { trigger: "demo", id: result.demo.loaded!.runId } })).toBe(
      1,
    );
    // Rebased to load time: all within the last ~24 hours, none in the future.
    for (const a of demo) {
      expect(a.publishedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(a.publishedAt.getTime()).toBeGreaterThan(NOW.getTime() - 26 * 3_600_000);
    }
    // Stories overlap across outlets and cover every category and the landing countries.
    expect(new Set(demo.map((a) => a.category))).toEqual(
      new Set(["general", "business", "technology", "health", "science", "sports", "entertainment"]),
    );
    const countries = new Set(demo.flatMap((a) => a.countries));
    for (const c of ["us", "gb", "ca", "au", "de", "fr", "jp", "in"]) expect(countries, c).toContain(c);
    const odile = demo.filter((a) => /Odile/.test(a.title));
    expect(new Set(odile.map((a) => a.sourceId)).size).toBeGreaterThanOrEqual(3);

    // Still offline: the demo stays as it is, it is not loaded twice.
    const again = await refreshNews({
      now: new Date(NOW.getTime() + 15 * 60_000),
      demoSnapshot: "auto",
      fetch: OFFLINE_FETCH,
    });
    expect(again.demo.loaded).toBeNull();
    expect(await prisma.article.count()).toBe(34);
  });

  it("removes the demo snapshot once real articles arrive", async () => {
    await refreshNews({ now: NOW, demoSnapshot: "auto", fetch: OFFLINE_FETCH });
    await pointFeed(server, "bbc-news:general", "/fixtures/bbc-home-2019-10-12.xml");
    const result = await refreshNews({
      sources: ["bbc-news"],
      categories: ["general"],
      now: NOW,
      demoSnapshot: "auto",
      fetch: FAST_FETCH,
    });
    expect(result.ingest.totals.new).toBeGreaterThan(0);
    expect(result.demo.removed).toBe(34);
    expect(await getPrisma().article.count({ where: { isDemo: true } })).toBe(0);

    // Real articles were stored once: later failures never bring the demo back.
    await resetIngest(null);
    await pointFeed(server, "bbc-news:general", "/hostile/500");
    await getPrisma().ingestRun.create({ data: { trigger: "scheduler", status: "succeeded", newCount: 3 } });
    const offline = await refreshNews({ now: NOW, demoSnapshot: "auto", fetch: OFFLINE_FETCH });
    expect(offline.demo.loaded).toBeNull();
  });

  it("never loads it with DEMO_SNAPSHOT=off, and keeps it loaded with always", async () => {
    const off = await refreshNews({ now: NOW, demoSnapshot: "off", fetch: OFFLINE_FETCH });
    expect(off.demo.loaded).toBeNull();
    expect(await getPrisma().article.count()).toBe(0);

    await pointFeed(server, "bbc-news:general", "/fixtures/bbc-home-2019-10-12.xml");
    const always = await refreshNews({
      sources: ["bbc-news"],
      categories: ["general"],
      now: NOW,
      demoSnapshot: "always",
      fetch: FAST_FETCH,
    });
    expect(always.demo).toMatchObject({ removed: 0 });
    expect(always.demo.loaded?.totals.new).toBe(34);
    expect(await getPrisma().article.count({ where: { isDemo: false } })).toBe(always.ingest.totals.new);
  });

  it("reloading replaces the demo articles with freshly rebased ones", async () => {
    await loadDemoSnapshot({ now: NOW });
    const later = new Date(NOW.getTime() + 5 * 24 * 3_600_000);
    const summary = await loadDemoSnapshot({ now: later });
    expect(summary?.totals.new).toBe(34);
    const oldest = await getPrisma().article.findFirstOrThrow({ orderBy: { publishedAt: "asc" } });
    expect(oldest.publishedAt.getTime()).toBeGreaterThan(later.getTime() - 26 * 3_600_000);
    expect(await loadDemoSnapshot({ now: later, onlyIfMissing: true })).toBeNull();
  });
});

describe("scheduler", () => {
  beforeEach(async () => {
    await resetIngest(server);
  });

  it("a tick refreshes only the due feeds, recorded with trigger 'scheduler'", async () => {
    const prisma = getPrisma();
    await prisma.feed.updateMany({ data: { nextCheckAt: new Date(Date.now() + 3_600_000) } });
    await pointFeed(server, "fox-news:general", "/fixtures/fox-latest-2019-10-12.xml");
    await prisma.feed.update({
      where: { id: "fox-news:general" },
      data: { nextCheckAt: new Date(Date.now() - 1_000) },
    });
    const tick = await runSchedulerTick({ demoSnapshot: "off", fetch: FAST_FETCH });
    if (!tick.ran) throw new Error(tick.reason);
    expect(tick.summary.ingest.trigger).toBe("scheduler");
    expect(tick.summary.ingest.outcomes.map((o) => [o.feedId, o.status])).toEqual([
      ["fox-news:general", "ok"],
    ]);
    // Due again only after the interval.
    const fox = await prisma.feed.findUniqueOrThrow({ where: { id: "fox-news:general" } });
    expect(fox.nextCheckAt.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it("a tick is skipped while another ingest holds the lock (one instance runs at a time)", async () => {
    const db = getDatabase();
    let inner: Awaited<ReturnType<typeof runSchedulerTick>> | undefined;
    if (db.engine === "postgresql") {
      // Another app instance: a separate session holding the advisory lock.
      const { openDatabase } = await import("@/lib/database/open");
      const other = openDatabase(db.target, { purpose: "second instance" });
      try {
        await other.withLock("ingest", async () => {
          inner = await runSchedulerTick({ demoSnapshot: "off", fetch: FAST_FETCH });
        });
      } finally {
        await other.close();
      }
    } else {
      await db.withLock("ingest", async () => {
        inner = await runSchedulerTick({ demoSnapshot: "off", fetch: FAST_FETCH });
      });
    }
    expect(inner).toEqual({ ran: false, reason: "another ingest is running" });
    expect(await getPrisma().ingestRun.count()).toBe(0);
  });

  it("does not start when SCHEDULER_ENABLED=false (as in tests)", () => {
    expect(startScheduler()).toBeNull();
  });
});
