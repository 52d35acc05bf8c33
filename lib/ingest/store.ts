/**
 * Stage 4: one feed's articles, its fetch state and its outcome, committed together in one
 * transaction, so a crash never leaves half a feed (or an ETag saved for articles that were
 * not). Articles upsert by canonical URL: a re-run adds nothing twice and a changed item is
 * updated in place, unless the stored copy came from a later fetch. Near-duplicates from the
 * same outlet (same headline, another URL) collapse into the article already stored. Only the
 * last 72 hours are kept.
 *
 * The statements are those of each table's storage module (lib/storage/articles.ts, feeds.ts,
 * runs.ts): plain SQL on the database's own runner rather than Prisma, since this is the
 * pipeline's hot path (docs/decisions/011-ingest-store-sql.md); this module decides what to write.
 */

import type { CategoryId } from "@/lib/catalog";
import type { SqlRunner } from "@/lib/database/open";
import { NEWS_WINDOW_MS } from "@/lib/news-window";
import { findTitleTwins, updateTwin, upsertArticles, type Twin } from "@/lib/storage/articles";
import { updateFeedState } from "@/lib/storage/feeds";
import { insertOutcome } from "@/lib/storage/runs";
import type { FeedState } from "./feed-state";
import type { NormalizedArticle } from "./normalize";

/** Two items of one outlet with the same headline this close in time are one story. */
const NEAR_DUPLICATE_MS = 48 * 3_600_000;

export type OutcomeStatus = "ok" | "not_modified" | "error" | "skipped";

export interface FeedOutcome {
  status: OutcomeStatus;
  httpStatus: number | null;
  bytes: number;
  items: number;
  error: string | null;
}

export interface StoreInput {
  runId: string;
  sourceId: string;
  /** Null for saved files of an outlet without a registered feed (Reuters). */
  feedId: string | null;
  category: CategoryId;
  articles: NormalizedArticle[];
  /**
   * The end of the 72-hour window: the run's clock, or a saved file's newest item. Also the
   * fetch time written on new and changed articles.
   */
  windowEnd: Date;
  isDemo?: boolean;
  /** The feed's new fetch state, when it was fetched (not for saved files). */
  feedState?: FeedState;
  outcome: FeedOutcome;
  /** performance.now() when work on the feed began; the outcome's duration ends at commit. */
  startedAt: number;
}

export interface StoreCounts {
  newCount: number;
  updated: number;
  unchanged: number;
  /** Items older than the 72-hour window, not stored. */
  tooOld: number;
  /** From the start of work on the feed to the commit. */
  durationMs: number;
}

function uniqueItems(articles: NormalizedArticle[]): NormalizedArticle[] {
  const urls = new Set<string>();
  const titles = new Set<string>();
  return articles.filter((a) => {
    if (urls.has(a.canonicalUrl) || (a.collapsible && titles.has(a.titleHash))) return false;
    urls.add(a.canonicalUrl);
    if (a.collapsible) titles.add(a.titleHash);
    return true;
  });
}

/** The outlet's stored articles of the window with the headline of a collapsible item, by headline. */
async function findTwins(tx: SqlRunner, items: NormalizedArticle[], input: StoreInput, windowStart: number) {
  const twins = new Map<string, Twin[]>();
  const hashes = [...new Set(items.filter((a) => a.collapsible).map((a) => a.titleHash))];
  if (!hashes.length) return twins;
  for (const row of await findTitleTwins(tx, input.sourceId, hashes, new Date(windowStart)))
    twins.set(row.titleHash, [...(twins.get(row.titleHash) ?? []), row]);
  return twins;
}

/** Stores one feed's result in one transaction and returns what changed. */
export async function storeFeedResult(sql: SqlRunner, input: StoreInput): Promise<StoreCounts> {
  const windowStart = input.windowEnd.getTime() - NEWS_WINDOW_MS;
  const fresh = input.articles.filter((a) => a.publishedAt.getTime() >= windowStart);
  const items = uniqueItems(fresh);
  // Repeats within the feed itself count as unchanged.
  const counts: StoreCounts = {
    newCount: 0,
    updated: 0,
    unchanged: fresh.length - items.length,
    tooOld: input.articles.length - fresh.length,
    durationMs: 0,
  };

  return sql.transaction(async (tx) => {
    // Losing the last commits in a crash costs nothing here: the feed's fetch state is in
    // the same transaction, so the feed is simply fetched again. Saves a flush per feed.
    await tx.exec("SET LOCAL synchronous_commit TO OFF");

    // Near-duplicates: the outlet's articles with the same headline under another URL.
    const twins = await findTwins(tx, items, input, windowStart);
    const upserts: NormalizedArticle[] = [];
    const collapsed: { twin: Twin; article: NormalizedArticle }[] = [];
    for (const a of items) {
      const same = twins.get(a.titleHash) ?? [];
      const twin = same.find((t) => Math.abs(t.publishedMs - a.publishedAt.getTime()) <= NEAR_DUPLICATE_MS);
      if (twin && !same.some((t) => t.canonicalUrl === a.canonicalUrl)) collapsed.push({ twin, article: a });
      else upserts.push(a);
    }

    if (upserts.length) {
      const { inserted, updated } = await upsertArticles(tx, upserts, input);
      counts.newCount = inserted;
      counts.updated = updated;
      counts.unchanged += upserts.length - inserted - updated;
    }
    for (const { twin, article } of collapsed) {
      if (twin.contentHash === article.contentHash) {
        counts.unchanged++;
        continue;
      }
      if (await updateTwin(tx, twin.id, article, input.windowEnd)) counts.updated++;
      else counts.unchanged++;
    }

    if (input.feedId && input.feedState) await updateFeedState(tx, input.feedId, input.feedState);
    counts.durationMs = Math.round(performance.now() - input.startedAt);
    const { runId, sourceId, feedId, category, outcome } = input;
    const { newCount, updated, unchanged, durationMs } = counts;
    await insertOutcome(tx, {
      runId,
      sourceId,
      feedId,
      category,
      ...outcome,
      newCount,
      updated,
      unchanged,
      durationMs,
    });
    return counts;
  });
}
