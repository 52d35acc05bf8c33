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
import { SOURCE_INCLUDE, toSourceInfo, type SourceRow } from "./list-sources";

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

const STORY_SELECT = {
  id: true,
  topic: true,
  category: true,
  countries: true,
  latestPublishedAt: true,
  sourceCount: true,
} as const;

/** The profile of outlet `id`, or null when no outlet has that id. */
export async function getSourceProfile(id: string, now = new Date()): Promise<SourceProfile | null> {
  const prisma = getPrisma();
  const row = await prisma.source.findUnique({ where: { id }, include: SOURCE_INCLUDE });
  const info = row && toSourceInfo(row);
  if (!row || !info) return null;
  const since = newsWindowStart(now);
  const live = { retiredAt: null, latestPublishedAt: { gte: since } };
  const coveredWhere = { ...live, articles: { some: { article: { sourceId: id } } } };
  const leftOutWhere = {
    ...live,
    category: { in: row.feeds.map((f) => f.category) },
    countries: { hasSome: row.coverage },
    sourceCount: { gte: LEFT_OUT_MIN_OUTLETS },
    articles: { none: { article: { sourceId: id } } },
  };
  const newestFirst = [{ latestPublishedAt: "desc" as const }, { id: "asc" as const }];
  const [items, coveredTotal, covered, leftOutTotal, leftOut, inStories, feedsOk] = await Promise.all([
    prisma.article.groupBy({
      by: ["feedId", "isDemo"],
      where: { sourceId: id, publishedAt: { gte: since } },
      _count: { _all: true },
    }),
    prisma.comparisonCard.count({ where: coveredWhere }),
    prisma.comparisonCard.findMany({
      where: coveredWhere,
      orderBy: newestFirst,
      take: COVERED_LIST_LIMIT,
      select: {
        ...STORY_SELECT,
        articles: {
          orderBy: { position: "asc" },
          select: { article: { select: { id: true, sourceId: true, publishedAt: true } } },
        },
      },
    }),
    prisma.comparisonCard.count({ where: leftOutWhere }),
    prisma.comparisonCard.findMany({
      where: leftOutWhere,
      orderBy: [{ sourceCount: "desc" }, ...newestFirst],
      take: LEFT_OUT_LIST_LIMIT,
      select: STORY_SELECT,
    }),
    prisma.article.count({
      where: { sourceId: id, publishedAt: { gte: since }, cards: { some: { card: live } } },
    }),
    prisma.feed.count({ where: { lastFetchedAt: { not: null }, errorCount: 0 } }),
  ]);
  const itemsOf = new Map(items.filter((g) => g.feedId).map((g) => [g.feedId, g._count._all]));
  const story = (c: (typeof leftOut)[number]) => ({
    cardId: c.id,
    topic: c.topic,
    category: c.category,
    countries: c.countries,
    latestPublishedAt: c.latestPublishedAt.toISOString(),
  });
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
    covered: {
      total: coveredTotal,
      stories: covered.map((c) => {
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
      }),
    },
    leftOut: {
      minOutlets: LEFT_OUT_MIN_OUTLETS,
      total: leftOutTotal,
      stories: leftOut.map((c) => ({ ...story(c), outlets: c.sourceCount })),
    },
  };
}
