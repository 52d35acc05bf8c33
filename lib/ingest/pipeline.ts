import type { SqlRunner } from "@/lib/database/open";
import type { CategoryId } from "@/lib/catalog";
import { parseFeedDate } from "./dates";
import { feedStateAfter, type FeedCheck } from "./feed-state";
import type { RegisteredFeed } from "./feeds";
import { fetchFeed, readFeedFile, type FetchOptions } from "./fetch";
import { normalizeItem, type NormalizedArticle } from "./normalize";
import { FeedParseError, parseFeed, type ParsedFeed } from "./parse";
import { storeFeedResult, type FeedOutcome } from "./store";

/**
 * One feed (or one saved file) through the four stages: fetch → parse → normalize → store.
 * Whatever goes wrong is recorded as that feed's outcome; nothing here throws for a
 * feed's own failure, so one source never aborts a run.
 */

interface JobBase {
  /** Unique within a run: the feed id, or the file name. */
  key: string;
  sourceId: string;
  sourceName: string;
  homeCountry: string;
  category: CategoryId;
  feedId: string | null;
  /** The URL fetched or the file read. */
  label: string;
}

export type IngestJob = (JobBase & { kind: "feed"; feed: RegisteredFeed }) | (JobBase & { kind: "file"; path: string });

export interface JobOutcome extends FeedOutcome {
  key: string;
  sourceId: string;
  sourceName: string;
  feedId: string | null;
  category: CategoryId;
  label: string;
  newCount: number;
  updated: number;
  unchanged: number;
  /** Items older than the 72-hour window (not stored). */
  tooOld: number;
  /** Items without a usable link or text (not stored). */
  rejected: number;
  /** From the start of the fetch to the commit. */
  durationMs: number;
  /** Milliseconds spent in each stage (the benchmark's breakdown). */
  stageMs: { fetch: number; parse: number; normalize: number; store: number };
  /** The end of the window this job's articles were measured against. */
  windowEnd: Date;
}

export interface JobContext {
  runId: string;
  /** The run's clock: fetch time of the articles and end of the 72-hour window. */
  now: Date;
  /** For saved files: measure each file's window from its newest item unless `now` was given. */
  windowFromNewestItem?: boolean;
  fetch: FetchOptions;
  /** Normal time between two checks of a healthy feed. */
  intervalMs: number;
  isDemo?: boolean;
  categoryFromItem?: boolean;
  /** Moves every item date by this much (the demo snapshot is rebased to load time). */
  shiftDatesMs?: number;
}

/**
 * How a job ended, as record() takes it: how the check of the feed went (FeedCheck) or a skip,
 * with the bytes read and, for a feed read in full, its articles and the window they were
 * measured against (default: the run's clock).
 */
type JobEnd = (FeedCheck | { status: "skipped"; httpStatus: number | null; error: string }) & {
  bytes: number;
  articles?: NormalizedArticle[];
  rejected?: number;
  windowEnd?: Date;
};

function newestItemDate(feed: ParsedFeed): Date | null {
  let newest: number | null = null;
  for (const item of feed.items) {
    const d = item.dates.map(parseFeedDate).find((x) => x)?.getTime();
    if (d !== undefined && (newest === null || d > newest)) newest = d;
  }
  return newest === null ? null : new Date(newest);
}

function shiftDates(feed: ParsedFeed, ms: number): void {
  for (const item of feed.items) {
    item.dates = item.dates.map((raw) => {
      const d = parseFeedDate(raw);
      return d ? new Date(d.getTime() + ms).toISOString() : raw;
    });
  }
}

/** Runs one job through the stages and records its outcome (and the feed's fetch state). */
export async function runJob(sql: SqlRunner, job: IngestJob, ctx: JobContext): Promise<JobOutcome> {
  const started = performance.now();
  const stageMs = { fetch: 0, parse: 0, normalize: 0, store: 0 };
  let mark = started;
  const lap = (stage: keyof typeof stageMs) => {
    const t = performance.now();
    stageMs[stage] += t - mark;
    mark = t;
  };
  const base = { key: job.key, sourceId: job.sourceId, sourceName: job.sourceName, feedId: job.feedId, category: job.category, label: job.label };

  const record = async (end: JobEnd): Promise<JobOutcome> => {
    const outcome: FeedOutcome = {
      status: end.status,
      httpStatus: end.httpStatus,
      bytes: end.bytes,
      items: end.status === "ok" ? end.items : 0,
      error: end.status === "error" || end.status === "skipped" ? end.error : null,
    };
    // A skip is the run's doing, not the feed's: its state is left alone. Saved files have none.
    const feedState = job.kind === "feed" && end.status !== "skipped" ? feedStateAfter(end, job.feed.errorCount, ctx.now, ctx.intervalMs) : undefined;
    const windowEnd = end.windowEnd ?? ctx.now;
    const counts = await storeFeedResult(sql, {
      runId: ctx.runId,
      sourceId: job.sourceId,
      feedId: job.feedId,
      category: job.category,
      articles: end.articles ?? [],
      windowEnd,
      isDemo: ctx.isDemo,
      feedState,
      outcome,
      startedAt: started,
    });
    lap("store");
    return { ...base, ...outcome, ...counts, rejected: end.rejected ?? 0, windowEnd, stageMs };
  };

  // Stage 1: fetch (or read the saved file).
  const fetched = job.kind === "feed" ? await fetchFeed(job.feed, ctx.fetch) : await readFeedFile(job.path);
  if (fetched.status === "error" && fetched.aborted) {
    // Cut short by the run's time budget: not the feed's fault.
    return record({ status: "skipped", httpStatus: fetched.httpStatus, bytes: fetched.bytes, error: fetched.error });
  }
  // A failed or unmodified fetch is how the check went, as it stands.
  if (fetched.status !== "ok") return record(fetched);
  lap("fetch");

  // Stage 2: parse. A broken feed is an error for this feed only; its validators are not
  // kept, so the next check downloads it in full again.
  let parsed: ParsedFeed;
  try {
    parsed = await parseFeed(fetched.body, fetched.contentType);
  } catch (error) {
    const message = error instanceof FeedParseError ? error.message : `parse failed: ${(error as Error).message}`;
    return record({ status: "error", httpStatus: fetched.httpStatus, bytes: fetched.bytes, error: message });
  }
  if (ctx.shiftDatesMs) shiftDates(parsed, ctx.shiftDatesMs);
  lap("parse");

  // Stage 3: normalize.
  const windowEnd = (ctx.windowFromNewestItem && newestItemDate(parsed)) || ctx.now;
  const articles: NormalizedArticle[] = [];
  let rejected = 0;
  const context = {
    sourceId: job.sourceId,
    homeCountry: job.homeCountry,
    category: job.category,
    feedUrl: job.kind === "feed" ? fetched.finalUrl : (parsed.link ?? fetched.finalUrl),
    channelLink: parsed.link,
    fetchedAt: windowEnd,
    categoryFromItem: ctx.categoryFromItem,
  };
  for (const item of parsed.items) {
    const result = normalizeItem(item, context);
    if (result.ok) articles.push(result.article);
    else rejected++;
  }

  lap("normalize");

  // Stage 4: store, with the fetch state and the outcome, in one transaction.
  return record({ ...fetched, items: parsed.items.length, articles, rejected, windowEnd });
}
