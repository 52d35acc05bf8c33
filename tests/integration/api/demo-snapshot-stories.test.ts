import Parser from "rss-parser";
import { beforeAll, expect, it } from "vitest";
import { GET as cardsAtom } from "@/app/api/v1/feeds/cards.atom/route";
import { GET as cardsJson } from "@/app/api/v1/feeds/cards.json/route";
import { GET as cardRoute } from "@/app/api/v1/comparison-cards/[id]/route";
import { invalidateReadCache } from "@/lib/read-cache";
import { getStory } from "@/lib/services/get-story";
import { listCards } from "@/lib/services/list-cards";
import { loadDemoSnapshot } from "@/lib/services/load-demo-snapshot";
import { rebuildCards } from "@/lib/services/rebuild-cards";
import { call } from "@/tests/helpers/api";
import { jsonFeedProblems } from "@/tests/helpers/json-feed";

/**
 * Issue 18 offline: with nothing but the bundled demo snapshot (no network at all), stories have
 * their coverage and page, and the feeds carry them, each saying it is demo data.
 */

let cardId = "";

beforeAll(async () => {
  // What an offline first start does: the bundled snapshot, then its cards.
  const now = new Date();
  await loadDemoSnapshot({ now });
  await rebuildCards(now);
  invalidateReadCache();
  const { comparisonCards } = await listCards({ limit: 100 });
  expect(comparisonCards.length).toBeGreaterThan(0);
  cardId = comparisonCards[0].cardId;
});

it("a demo story has its coverage and its page", async () => {
  const res = await call<{
    data: { isDemo: boolean; coverage: { timeline: unknown[] }; articles: unknown[] };
  }>(cardRoute, `/api/v1/comparison-cards/${cardId}`, { params: { id: cardId } });
  expect(res.json.data.isDemo).toBe(true);
  expect(res.json.data.coverage.timeline).toHaveLength(res.json.data.articles.length);
  const story = await getStory(cardId);
  expect(story).toMatchObject({ kind: "found", card: { cardId, isDemo: true } });
});

it("the feeds carry the demo stories and say they are demo data", async () => {
  const atom = await new Parser().parseString((await call(cardsAtom, "/api/v1/feeds/cards.atom")).text);
  expect(atom.items.length).toBeGreaterThan(0);
  for (const item of atom.items)
    expect(item.summary).toMatch(
      /^Demo data: an invented story from the bundled demo snapshot, not current news\. Covered by \d+ outlets: /,
    );
  const json = await call<{ items: { _news_analysis: { is_demo: boolean } }[] }>(
    cardsJson,
    "/api/v1/feeds/cards.json",
  );
  expect(jsonFeedProblems(json.json)).toEqual([]);
  expect(json.json.items.every((i) => i._news_analysis.is_demo)).toBe(true);
});
