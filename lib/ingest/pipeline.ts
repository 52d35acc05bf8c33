/**
 * One feed (or one saved file) through the four stages: fetch → parse → normalize → store.
 * Whatever goes wrong is recorded as that feed's outcome (through store.ts, the one writer of
 * outcomes), a failure to store it included; nothing here throws for a feed's own failure,
 * so one source never aborts a run. A job the run stopped before it began is recorded as
 * skipped.
 */

import type { SqlRunner } from "@/lib/database/open";
import type { CategoryId } from "@/lib/catalog";
import { logger } from "@/lib/log";
import { parseFeedDate } from "./dates";
import { feedStateAfter, type FeedCheck } from "./feed-state";
import type { RegisteredFeed } from "./feeds";
import { fetchFeed, readFeedFile, type FetchOptions } from "./fetch";
import { normalizeItems, type NormalizedArticle } from "./normalize";
import { FeedParseError, parseFeed, type ParsedFeed } from "./parse";
import { storeFeedResult, type FeedOutcome, type StoreCounts } from "./store";

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

export type IngestJob =
  (JobBase & { kind: "feed"; feed: RegisteredFeed }) | (JobBase & { kind: "file"; path: string });

/**
 * What became of one job, as the run reports it: which feed, how its check went (FeedOutcome),
 * what the store did (StoreCounts), and the times.
 */
export interface JobOutcome extends FeedOutcome, StoreCounts {
  key: string;
  sourceId: string;
  sourceName: string;
  feedId: string | null;
  category: CategoryId;
  label: string;
  /** Items without a usable link or text (not stored). */
  rejected: number;
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
  /** Set when the run stopped before this job began (time budget, shutdown): why it is skipped. */
  skipReason?: string;
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

/** What every step of one job needs: the database, the job, its context and its stage clock. */
interface JobScope {
  sql: SqlRunner;
  job: IngestJob;
  ctx: JobContext;
  clock: StageClock;
}

type StageClock = ReturnType<typeof stageClock>;

/** Runs one job through the stages and records its outcome (and the feed's fetch state). */
export async function runJob(sql: SqlRunner, job: IngestJob, ctx: JobContext): Promise<JobOutcome> {
  const scope: JobScope = { sql, job, ctx, clock: stageClock() };
  try {
    return await throughStages(scope);
  } catch (error) {
    return recordFailure(scope, error);
  }
}

/** The stages in order; each ends the job early, recording how, when the feed goes no further. */
async function throughStages(scope: JobScope): Promise<JobOutcome> {
  const { job, ctx, clock } = scope;
  const record = (end: JobEnd) => recordEnd(scope, end);
  if (ctx.skipReason) return record({ status: "skipped", httpStatus: null, bytes: 0, error: ctx.skipReason });

  // Stage 1: fetch (or read the saved file).
  const fetched = job.kind === "feed" ? await fetchFeed(job.feed, ctx.fetch) : await readFeedFile(job.path);
  if (fetched.status === "error" && fetched.aborted) {
    // Cut short by the run's time budget: not the feed's fault.
    return record({
      status: "skipped",
      httpStatus: fetched.httpStatus,
      bytes: fetched.bytes,
      error: fetched.error,
    });
  }
  // A failed or unmodified fetch is how the check went, as it stands.
  if (fetched.status !== "ok") return record(fetched);
  clock.lap("fetch");

  // Stage 2: parse. A broken feed is an error for this feed only; its validators are not
  // kept, so the next check downloads it in full again.
  let parsed: ParsedFeed;
  try {
    parsed = await parseFeed(fetched.body, fetched.contentType);
  } catch (error) {
    const message =
      error instanceof FeedParseError ? error.message : `parse failed: ${(error as Error).message}`;
    return record({ status: "error", httpStatus: fetched.httpStatus, bytes: fetched.bytes, error: message });
  }
  if (ctx.shiftDatesMs) shiftDates(parsed, ctx.shiftDatesMs);
  clock.lap("parse");

  // Stage 3: normalize.
  const windowEnd = (ctx.windowFromNewestItem && newestItemDate(parsed)) || ctx.now;
  const { articles, rejected } = normalizeItems(parsed.items, {
    sourceId: job.sourceId,
    homeCountry: job.homeCountry,
    category: job.category,
    feedUrl: job.kind === "feed" ? fetched.finalUrl : (parsed.link ?? fetched.finalUrl),
    channelLink: parsed.link,
    fetchedAt: windowEnd,
    categoryFromItem: ctx.categoryFromItem,
  });
  clock.lap("normalize");

  // Stage 4: store, with the fetch state and the outcome, in one transaction.
  return record({ ...fetched, items: parsed.items.length, articles, rejected, windowEnd });
}

/** Stores how a job ended (its articles, the feed's fetch state, the outcome: one transaction) and reports it. */
async function recordEnd({ sql, job, ctx, clock }: JobScope, end: JobEnd): Promise<JobOutcome> {
  const outcome: FeedOutcome = {
    status: end.status,
    httpStatus: end.httpStatus,
    bytes: end.bytes,
    items: end.status === "ok" ? end.items : 0,
    error: end.status === "error" || end.status === "skipped" ? end.error : null,
  };
  // A skip is the run's doing, not the feed's: its state is left alone. Saved files have none.
  const feedState =
    job.kind === "feed" && end.status !== "skipped"
      ? feedStateAfter(end, job.feed.errorCount, ctx.now, ctx.intervalMs)
      : undefined;
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
    startedAt: clock.startedAt,
  });
  clock.lap("store");
  return jobOutcome(job, outcome, counts, { rejected: end.rejected ?? 0, windowEnd, stageMs: clock.stageMs });
}

/** A job that threw (the database, while storing it): logged, and recorded if the database still answers. */
async function recordFailure({ sql, job, ctx, clock }: JobScope, error: unknown): Promise<JobOutcome> {
  const message = `store failed: ${(error as Error).message.split("\n")[0].slice(0, 300)}`;
  const durationMs = Math.round(performance.now() - clock.startedAt);
  logger.error({ err: error, feed: job.key, runId: ctx.runId }, "ingest job failed");
  const outcome: FeedOutcome = { status: "error", httpStatus: null, bytes: 0, items: 0, error: message };
  await storeFeedResult(sql, {
    runId: ctx.runId,
    sourceId: job.sourceId,
    feedId: job.feedId,
    category: job.category,
    articles: [],
    windowEnd: ctx.now,
    outcome,
    startedAt: clock.startedAt,
  }).catch(() => undefined);
  const counts: StoreCounts = { newCount: 0, updated: 0, unchanged: 0, tooOld: 0, durationMs };
  const stageMs = { fetch: 0, parse: 0, normalize: 0, store: durationMs };
  return jobOutcome(job, outcome, counts, { rejected: 0, windowEnd: ctx.now, stageMs });
}

/** A job's outcome, the same way for every way a job ends. */
function jobOutcome(
  job: IngestJob,
  outcome: FeedOutcome,
  counts: StoreCounts,
  rest: Pick<JobOutcome, "rejected" | "windowEnd" | "stageMs">,
): JobOutcome {
  const { key, sourceId, sourceName, feedId, category, label } = job;
  return { key, sourceId, sourceName, feedId, category, label, ...outcome, ...counts, ...rest };
}

/** Milliseconds spent in each stage since the job began (the benchmark's breakdown). */
function stageClock() {
  const startedAt = performance.now();
  const stageMs = { fetch: 0, parse: 0, normalize: 0, store: 0 };
  let mark = startedAt;
  return {
    startedAt,
    stageMs,
    /** Adds the time since the last lap to a stage. */
    lap(stage: keyof typeof stageMs) {
      const t = performance.now();
      stageMs[stage] += t - mark;
      mark = t;
    },
  };
}

function newestItemDate(feed: ParsedFeed): Date | null {
  let newest: number | null = null;
  for (const item of feed.items) {
    const d = item.dates
      .map(parseFeedDate)
      .find((x) => x)
      ?.getTime();
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
