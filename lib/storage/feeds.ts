/**
 * The feed table's queries, all of them: the registered feeds an ingest may fetch and the ids of
 * all, a feed's fetch state written on its ingest transaction (plain SQL, decision 011), the feeds
 * of a pair for on-demand generation, the counts and groupings the metrics and an outlet's profile
 * read, and the seed's writes of an outlet's feeds.
 */

import type { PrismaClient } from "@/generated/prisma/client";
import type { CategoryId } from "@/lib/catalog";
import type { SqlRunner } from "@/lib/database/open";
import type { FeedState } from "@/lib/ingest/feed-state";
import { NOW_UTC, utc } from "./sql-time";

/** Which feeds to select: by outlet, by category, and only those due by `dueAt`. */
export interface FeedSelection {
  sources?: string[];
  categories?: CategoryId[];
  /** Only feeds due by this time (nextCheckAt <= dueAt): the scheduler's selection. */
  dueAt?: Date;
}

/** The feeds of available outlets matching a selection, each with its outlet's name and country, by outlet and category. */
export function findAvailableFeeds(prisma: PrismaClient, filter: FeedSelection) {
  return prisma.feed.findMany({
    where: {
      ...(filter.sources ? { sourceId: { in: filter.sources } } : {}),
      ...(filter.categories ? { category: { in: filter.categories } } : {}),
      ...(filter.dueAt ? { nextCheckAt: { lte: filter.dueAt } } : {}),
      source: { available: true },
    },
    include: { source: { select: { name: true, country: true } } },
    orderBy: [{ sourceId: "asc" }, { category: "asc" }],
  });
}

/** The ids of every registered feed. */
export async function feedIds(prisma: PrismaClient): Promise<Set<string>> {
  return new Set((await prisma.feed.findMany({ select: { id: true } })).map((f) => f.id));
}

/** The feeds of available outlets that cover `country` in `category`, with their last fetch. */
export function feedsOfPair(prisma: PrismaClient, country: string, category: CategoryId) {
  return prisma.feed.findMany({
    where: { category, source: { available: true, OR: [{ country }, { coverage: { has: country } }] } },
    select: { sourceId: true, lastFetchedAt: true },
  });
}

/** How many feeds succeeded at their last fetch. */
export function countHealthyFeeds(prisma: PrismaClient): Promise<number> {
  return prisma.feed.count({ where: { lastFetchedAt: { not: null }, errorCount: 0 } });
}

/** Per outlet: its feeds and their latest success (the metrics). */
export function feedsPerSource(prisma: PrismaClient) {
  return prisma.feed.groupBy({ by: ["sourceId"], _count: { _all: true }, _max: { lastSuccessAt: true } });
}

/** Per outlet with one: its feeds whose last fetch failed (the metrics). */
export function failingFeedsPerSource(prisma: PrismaClient) {
  return prisma.feed.groupBy({ by: ["sourceId"], where: { errorCount: { gt: 0 } }, _count: { _all: true } });
}

/**
 * The seed's writes of one outlet's feeds, unsent (for the outlet's transaction,
 * lib/storage/sources.ts): feeds of categories it no longer has removed, the others upserted
 * by id (outlet:category) with their URL, their fetch state kept.
 */
export function feedSeedWrites(
  prisma: PrismaClient,
  sourceId: string,
  entries: { category: CategoryId; url: string }[],
) {
  return [
    prisma.feed.deleteMany({ where: { sourceId, category: { notIn: entries.map((f) => f.category) } } }),
    ...entries.map(({ category, url }) =>
      prisma.feed.upsert({
        where: { id: `${sourceId}:${category}` },
        create: { id: `${sourceId}:${category}`, sourceId, category, url },
        update: { url },
      }),
    ),
  ];
}

/** Writes a feed's new fetch state, on the feed's transaction. */
export async function updateFeedState(tx: SqlRunner, feedId: string, state: FeedState) {
  const entries = Object.entries(state).filter(([, v]) => v !== undefined);
  const sets = entries.map(
    ([column, value], i) => `"${column}" = ${value instanceof Date ? utc(`$${i + 2}`) : `$${i + 2}`}`,
  );
  await tx.query(`UPDATE "Feed" SET ${sets.join(", ")}, "updatedAt" = ${NOW_UTC} WHERE "id" = $1`, [
    feedId,
    ...entries.map(([, v]) => (v instanceof Date ? v.toISOString() : v)),
  ]);
}
