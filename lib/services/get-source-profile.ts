import "server-only";

/**
 * An outlet's profile (GET /api/v1/sources/{id} and its page /sources/{id}): its registry entry
 * with ownership and paywall, each feed's fetch state in words, and what it covered and left out
 * among the stories of the news window. Served through lib/services/source-profiles.ts, which checks
 * the id against the registry and keeps each profile for the window's state.
 */

import { getPrisma } from "@/lib/db";
import { storyCoverage } from "@/lib/coverage";
import { feedErrorClass, isUnreachable } from "@/lib/ingest/error-class";
import { NEWS_WINDOW_HOURS, newsWindowStart } from "@/lib/news-window";
import { LEFT_OUT_MIN_OUTLETS, type SourceProfile } from "@/lib/schemas/sources";
import { articlesPerFeedSince, countArticlesInLiveStories } from "@/lib/storage/articles";
import { storiesCoveredBy, storiesLeftOutBy } from "@/lib/storage/cards";
import { countHealthyFeeds } from "@/lib/storage/feeds";
import { findSourceRow, type SourceRow } from "@/lib/storage/sources";
import { toSourceInfo } from "./list-sources";

/** The newest stories the profile lists of those it covered, and the most-covered it left out. */
export const COVERED_LIST_LIMIT = 50;
export const LEFT_OUT_LIST_LIMIT = 20;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** `offline`: no feed of any outlet succeeded at its last fetch, so this one's unreachable host is the server's network. */
function feedStatus(
  f: SourceRow["feeds"][number],
  offline: boolean,
): Pick<SourceProfile["feeds"][number], "status" | "problem"> {
  if (!f.lastFetchedAt) return { status: "not fetched yet", problem: null };
  // Only the class of the failure: the recorded message may say where a host's redirects led.
  const problem = feedErrorClass(f.lastError ?? "");
  if (f.errorCount > 0) {
    return { status: offline && isUnreachable(f.lastError ?? "") ? "offline" : "failing", problem };
  }
  return { status: "ok", problem: null };
}

type Stories = Awaited<ReturnType<typeof storiesCoveredBy>>["stories"];
type Story = Pick<Stories[number], "id" | "topic" | "category" | "countries" | "latestPublishedAt">;

const story = (c: Story) => ({
  cardId: c.id,
  topic: c.topic,
  category: c.category,
  countries: c.countries,
  latestPublishedAt: c.latestPublishedAt.toISOString(),
});

/** The stories an outlet covered, each with how many other outlets told it and whether this one was first. */
function coveredStories(stories: Stories, id: string): SourceProfile["covered"]["stories"] {
  return stories.map((c) => {
    const reports = c.articles.map(({ article: a }) => ({
      id: a.id,
      source: { id: a.sourceId },
      publishedAt: a.publishedAt.toISOString(),
    }));
    return {
      ...story(c),
      otherOutlets: new Set(reports.map((r) => r.source.id)).size - 1,
      reportedFirst: storyCoverage(reports).firstSourceId === id,
    };
  });
}

/** What the profile reads of the window besides the outlet's row: its items, stories covered and left out, and whether any feed works. */
async function readWindow(row: SourceRow, since: Date) {
  const prisma = getPrisma();
  const source = { id: row.id, categories: row.feeds.map((f) => f.category), coverage: row.coverage };
  const [items, covered, leftOut, inStories, feedsOk] = await Promise.all([
    articlesPerFeedSince(prisma, row.id, since),
    storiesCoveredBy(prisma, row.id, since, COVERED_LIST_LIMIT),
    storiesLeftOutBy(prisma, source, since, { minOutlets: LEFT_OUT_MIN_OUTLETS, take: LEFT_OUT_LIST_LIMIT }),
    countArticlesInLiveStories(prisma, row.id, since),
    countHealthyFeeds(prisma),
  ]);
  return { items, covered, leftOut, inStories, feedsOk };
}

/** The profile of outlet `id`, or null when no outlet has that id. */
export async function getSourceProfile(id: string, now = new Date()): Promise<SourceProfile | null> {
  const row = await findSourceRow(getPrisma(), id);
  const info = row && toSourceInfo(row);
  if (!row || !info) return null;
  const since = newsWindowStart(now);
  const { items, covered, leftOut, inStories, feedsOk } = await readWindow(row, since);
  const itemsOf = new Map(items.filter((g) => g.feedId).map((g) => [g.feedId, g._count._all]));
  return {
    ...info,
    feeds: row.feeds.map((f) => ({
      category: f.category,
      url: f.url,
      lastFetchedAt: iso(f.lastFetchedAt),
      lastSuccessAt: iso(f.lastSuccessAt),
      ...feedStatus(f, feedsOk === 0),
      itemsInWindow: itemsOf.get(f.id) ?? 0,
    })),
    window: { hours: NEWS_WINDOW_HOURS, from: since.toISOString() },
    itemsInWindow: items.reduce((n, g) => n + g._count._all, 0),
    demoItemsInWindow: items.reduce((n, g) => n + (g.isDemo ? g._count._all : 0), 0),
    itemsInStories: inStories,
    covered: { total: covered.total, stories: coveredStories(covered.stories, id) },
    leftOut: {
      minOutlets: LEFT_OUT_MIN_OUTLETS,
      total: leftOut.total,
      stories: leftOut.stories.map((c) => ({ ...story(c), outlets: c.sourceCount })),
    },
  };
}
