import "server-only";

/**
 * On-demand card generation for one empty country/category pair
 * (POST /api/v1/comparison-cards/generate/on-demand).
 */

import type { CategoryId, CountryId } from "@/lib/catalog";
import { getDatabase, getPrisma } from "@/lib/db";
import { env } from "@/lib/env";
import { newsWindowStart } from "@/lib/news-window";
import type { OnDemandResponse } from "@/lib/schemas/cards";
import { countLiveCardsOfPair } from "@/lib/storage/cards";
import { feedsOfPair } from "@/lib/storage/feeds";
import { yieldToEventLoop } from "@/lib/storage/yield";
import { refreshNews } from "./refresh-news";

async function countCards(country: CountryId, category: CategoryId, now: Date): Promise<number> {
  return countLiveCardsOfPair(getPrisma(), country, category, newsWindowStart(now));
}

/**
 * On-demand generation for one country/category pair (the page asks when a pair is empty):
 * fetches that pair's feeds when they are stale (not fetched within the scheduler interval) and
 * no other ingest runs, and re-clusters only when that fetch stored or changed an article. A call
 * that adds nothing never re-clusters (issue 34: on a sliding window every such call re-clustered
 * everything); the cards it answers are the stored ones. `action` says what happened.
 */
export async function generateOnDemand(
  country: CountryId,
  category: CategoryId,
  now = new Date(),
): Promise<OnDemandResponse> {
  const base = { country, category };
  const existing = await countCards(country, category, now);
  if (existing > 0) {
    return {
      ...base,
      action: "already_available",
      cards: existing,
      fetchedFeeds: 0,
      message: "Cards already exist for this selection.",
    };
  }
  // Each step is a query; on PGlite, which answers without I/O, other requests get a turn between them.
  await yieldToEventLoop();
  const feeds = await feedsOfPair(getPrisma(), country, category);
  if (feeds.length === 0) {
    return {
      ...base,
      action: "no_feeds",
      cards: 0,
      fetchedFeeds: 0,
      message: "No outlet publishes a feed for this country and category.",
    };
  }
  const staleBefore = now.getTime() - env.SCHEDULER_INTERVAL_MINUTES * 60_000;
  const stale = feeds.filter((f) => !f.lastFetchedAt || f.lastFetchedAt.getTime() < staleBefore);
  let fetchedFeeds = 0;
  if (stale.length > 0) {
    const sources = [...new Set(stale.map((f) => f.sourceId))];
    // If another ingest is running, its own re-clustering will follow; answer from what is stored.
    const run = await getDatabase().tryWithLock("ingest", () =>
      refreshNews({ sources, categories: [category], trigger: "on-demand", onlyIfChanged: true }),
    );
    if (run.acquired) fetchedFeeds = run.value.ingest.outcomes.length;
  }
  await yieldToEventLoop();
  const cards = await countCards(country, category, now);
  return cards > 0
    ? {
        ...base,
        action: "generated",
        cards,
        fetchedFeeds,
        message: `${cards} comparison card${cards === 1 ? "" : "s"} ready.`,
      }
    : {
        ...base,
        action: "no_new_articles",
        cards: 0,
        fetchedFeeds,
        message: "No story in this selection is covered by two or more outlets yet.",
      };
}
