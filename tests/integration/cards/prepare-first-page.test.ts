import { beforeEach, expect, it } from "vitest";
import { getDatabase, getPrisma } from "@/lib/db";
import { newsWindowStart } from "@/lib/news-window";
import { prepareFirstPage } from "@/lib/services/prepare-first-page";
import { insertStory } from "@/tests/helpers/cards";
import { resetIngest } from "@/tests/helpers/ingest";

/**
 * Issue 26, a newcomer's first minute: an empty news window gets the labelled demo at start,
 * without waiting for any feed; a window with stories, or another ingest running, is left alone.
 */

const liveCards = () =>
  getPrisma().comparisonCard.findMany({
    where: { retiredAt: null, latestPublishedAt: { gte: newsWindowStart(new Date()) } },
    select: { isDemo: true },
  });

beforeEach(async () => {
  await resetIngest(null); // every feed points at a port where nothing listens
});

it("loads and clusters the demo snapshot into an empty window, fetching no feed", async () => {
  expect(await prepareFirstPage({ demoSnapshot: "auto" })).toBe("demo loaded");
  const cards = await liveCards();
  expect(cards.length).toBeGreaterThanOrEqual(5);
  expect(cards.every((c) => c.isDemo)).toBe(true);
  // No feed was fetched: the demo came from the bundled files only.
  expect(await getPrisma().feed.count({ where: { lastFetchedAt: { not: null } } })).toBe(0);
  expect(await prepareFirstPage({ demoSnapshot: "auto" })).toBe("stories present");
});

it("leaves a window with live stories alone, and does nothing unless DEMO_SNAPSHOT is auto", async () => {
  await insertStory({
    cardId: "live_story",
    articles: [
      { sourceId: "cnn", title: "Port reopens after storm" },
      { sourceId: "npr", title: "Storm-hit port reopens" },
    ],
  });
  expect(await prepareFirstPage({ demoSnapshot: "auto" })).toBe("stories present");
  await getPrisma().comparisonCard.deleteMany();
  expect(await prepareFirstPage({ demoSnapshot: "off" })).toBe("off");
  expect(await getPrisma().article.count({ where: { isDemo: true } })).toBe(0);
});

it("with DEMO_SNAPSHOT=always, loads the demo unless it is stored, and clusters it either way", async () => {
  expect(await prepareFirstPage({ demoSnapshot: "always" })).toBe("demo loaded");
  const stored = await getPrisma().article.count({ where: { isDemo: true } });
  expect(stored).toBeGreaterThan(0);
  await getPrisma().comparisonCard.deleteMany();
  expect(await prepareFirstPage({ demoSnapshot: "always" })).toBe("demo kept");
  expect(await getPrisma().article.count({ where: { isDemo: true } })).toBe(stored);
  expect((await liveCards()).length).toBeGreaterThanOrEqual(5);
});

it("never races a running ingest for the lock", async () => {
  const outcome = await getDatabase().tryWithLock("ingest", () => prepareFirstPage({ demoSnapshot: "auto" }));
  expect(outcome).toEqual({ acquired: true, value: "ingest running" });
  expect(await getPrisma().article.count({ where: { isDemo: true } })).toBe(0);
});
