import "server-only";

/**
 * The ingest run: selects the registered feeds or saved files, runs each through the pipeline of
 * lib/ingest with limited concurrency, records the run and purges what left the news window.
 */

import type { CategoryId } from "@/lib/catalog";
import { getDatabase, getPrisma } from "@/lib/db";
import { env } from "@/lib/env";
import { isDraining, trackTask } from "@/lib/lifecycle/shutdown";
import type { FetchOptions } from "@/lib/ingest/fetch";
import { createLimiter } from "@/lib/ingest/limiter";
import { runJob, type IngestJob, type JobContext, type JobOutcome } from "@/lib/ingest/pipeline";
import { planIngest, type IngestPlan } from "@/lib/ingest/plan";
import { logger } from "@/lib/log";
import { purgeOldArticles } from "@/lib/storage/articles";
import { closeRun, createRun, failRun as markRunFailed } from "@/lib/storage/runs";

export type IngestTrigger = "scheduler" | "cli" | "operator" | "cron" | "on-demand" | "demo";

export interface RunIngestOptions {
  /** Source ids; default all. */
  sources?: string[];
  categories?: CategoryId[];
  trigger?: IngestTrigger;
  /** The run's clock (tests ingest old files as if fresh). Default: the real time. */
  now?: Date;
  /** Only feeds whose nextCheckAt has come (the scheduler). */
  dueOnly?: boolean;
  /** Ingest saved feed files from this folder instead of fetching (mapped by file name). */
  fromDir?: string;
  /** Overrides of the FEED_* settings (tests pass tiny timeouts). */
  fetch?: Partial<FetchOptions> & { concurrency?: number; hostConcurrency?: number };
  /** Time budget of the run; feeds not done by then are skipped. Default FEED_RUN_BUDGET_MS. */
  budgetMs?: number;
  onProgress?: (event: IngestProgressEvent) => void;
  /** How the bundled demo snapshot is loaded (lib/services/load-demo-snapshot.ts). */
  demo?: { shiftDatesMs: number };
}

export interface PlannedJob {
  key: string;
  sourceId: string;
  sourceName: string;
  category: CategoryId;
  label: string;
}

export type IngestProgressEvent =
  | { type: "planned"; runId: string; jobs: PlannedJob[] }
  | { type: "job-started"; key: string }
  | { type: "job-bytes"; key: string; bytes: number }
  | { type: "job-done"; outcome: JobOutcome }
  | { type: "file-skipped"; file: string; reason: string };

export interface IngestTotals {
  feeds: number;
  items: number;
  new: number;
  updated: number;
  unchanged: number;
  failed: number;
  skipped: number;
}

export interface IngestSummary {
  runId: string;
  trigger: IngestTrigger;
  status: "succeeded" | "partial" | "failed";
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
  outcomes: JobOutcome[];
  totals: IngestTotals;
  /** Requested outlets that publish no feed (shown as unavailable, not failed). */
  unavailable: IngestPlan["unavailable"];
  /** Files of --from-dir that belong to no known outlet. */
  skippedFiles: IngestPlan["skippedFiles"];
  /** Articles deleted for being older than the 72-hour window. */
  purged: number;
}

function totalsOf(outcomes: JobOutcome[]): IngestTotals {
  const sum = (f: (o: JobOutcome) => number) => outcomes.reduce((n, o) => n + f(o), 0);
  return {
    feeds: outcomes.length,
    items: sum((o) => o.items),
    new: sum((o) => o.newCount),
    updated: sum((o) => o.updated),
    unchanged: sum((o) => o.unchanged),
    failed: sum((o) => (o.status === "error" ? 1 : 0)),
    skipped: sum((o) => (o.status === "skipped" ? 1 : 0)),
  };
}

/**
 * One ingest run over the registered feeds (or a folder of saved files): every feed goes
 * through fetch → parse → normalize → store with limited concurrency, each outcome is
 * recorded on the run and on the feed, and articles older than 72 hours are purged. The
 * scheduler, the operator route and the command line all come through here.
 */
export function runIngest(options: RunIngestOptions = {}): Promise<IngestSummary> {
  // A shutdown waits for the run: feeds not started are skipped, the rest commit or not at all.
  return trackTask(ingest(options));
}

/** Plans the run, starts it, runs the pool of jobs and finishes the run (or marks it failed). */
async function ingest(options: RunIngestOptions): Promise<IngestSummary> {
  const now = options.now ?? new Date();
  const plan = await planIngest(getPrisma(), {
    sources: options.sources,
    categories: options.categories,
    dueAt: options.dueOnly ? now : undefined,
    fromDir: options.fromDir,
    isDemo: !!options.demo,
  });
  const run = await startRun(options, plan, now);
  let outcomes: JobOutcome[];
  let purged: number;
  try {
    outcomes = await runPool(run, plan.jobs, options);
    purged = await purgeOldArticles(getDatabase().sql, purgeWindowEnd(run, outcomes, options));
  } catch (error) {
    await failRun(run, error);
    throw error;
  }
  return finishRun(run, plan, outcomes, purged);
}

/** A run under way: its row, its clock, when it began, and where its progress goes. */
interface StartedRun {
  id: string;
  trigger: IngestTrigger;
  /** The run's clock: RunIngestOptions.now, or the time the run began. */
  now: Date;
  startedAt: Date;
  /** performance.now() at the start, for the run's duration. */
  t0: number;
  emit: (event: IngestProgressEvent) => void;
}

/** Creates the run's row and announces its jobs (and the files it skips) to the progress callback. */
async function startRun(options: RunIngestOptions, plan: IngestPlan, now: Date): Promise<StartedRun> {
  const trigger = options.trigger ?? "on-demand";
  const startedAt = new Date();
  const t0 = performance.now();
  const id = await createRun(getPrisma(), { trigger, startedAt, feedCount: plan.jobs.length });
  const emit = progressEmitter(options.onProgress);
  emit({
    type: "planned",
    runId: id,
    jobs: plan.jobs.map(({ key, sourceId, sourceName, category, label }) => ({
      key,
      sourceId,
      sourceName,
      category,
      label,
    })),
  });
  for (const skipped of plan.skippedFiles) emit({ type: "file-skipped", ...skipped });
  return { id, trigger, now, startedAt, t0, emit };
}

/** Hands progress events to the caller; a callback that throws is logged and does not end the run. */
function progressEmitter(onProgress: RunIngestOptions["onProgress"]) {
  return (event: IngestProgressEvent) => {
    try {
      onProgress?.(event);
    } catch (error) {
      logger.warn({ err: error }, "ingest progress callback failed");
    }
  };
}

/** Every job through the pipeline, a few at a time (fewer per host), within the run's time budget. */
async function runPool(run: StartedRun, jobs: IngestJob[], options: RunIngestOptions): Promise<JobOutcome[]> {
  const { sql } = getDatabase();
  const budget = new AbortController();
  const budgetTimer = setTimeout(() => budget.abort(), options.budgetMs ?? env.FEED_RUN_BUDGET_MS);
  const limiter = createLimiter({
    concurrency: options.fetch?.concurrency ?? env.FEED_CONCURRENCY,
    perKey: options.fetch?.hostConcurrency ?? env.FEED_HOST_CONCURRENCY,
  });
  const runOne = async (job: IngestJob): Promise<JobOutcome> => {
    run.emit({ type: "job-started", key: job.key });
    const outcome = await runJob(sql, job, jobContext(run, job, options, budget.signal));
    run.emit({ type: "job-done", outcome });
    return outcome;
  };
  try {
    return await Promise.all(
      jobs.map((job) =>
        limiter.run(job.kind === "feed" ? new URL(job.feed.url).host : "files", () => runOne(job)),
      ),
    );
  } finally {
    clearTimeout(budgetTimer);
  }
}

/**
 * What the pipeline needs for one job: the run's clock, the FEED_* settings (or the caller's
 * overrides), and whether the run stopped before the job began.
 */
function jobContext(
  run: StartedRun,
  job: IngestJob,
  options: RunIngestOptions,
  budget: AbortSignal,
): JobContext {
  return {
    runId: run.id,
    now: run.now,
    skipReason: isDraining()
      ? "the server is shutting down"
      : budget.aborted
        ? "the run's time budget ran out before this feed"
        : undefined,
    windowFromNewestItem: !!options.fromDir && !options.now,
    intervalMs: env.SCHEDULER_INTERVAL_MINUTES * 60_000,
    isDemo: !!options.demo,
    categoryFromItem: !!options.demo,
    shiftDatesMs: options.demo?.shiftDatesMs,
    fetch: {
      timeoutMs: options.fetch?.timeoutMs ?? env.FEED_TIMEOUT_MS,
      maxBytes: options.fetch?.maxBytes ?? env.FEED_MAX_BYTES,
      retries: options.fetch?.retries ?? env.FEED_RETRIES,
      retryBaseMs: options.fetch?.retryBaseMs,
      maxRetryAfterMs: options.fetch?.maxRetryAfterMs,
      allowLoopback: options.fetch?.allowLoopback ?? env.FEED_ALLOW_LOOPBACK,
      signal: budget,
      onBytes: (bytes) => run.emit({ type: "job-bytes", key: job.key, bytes }),
    },
  };
}

/**
 * The end of the window the purge keeps: the run's clock, or, for saved files measured from
 * their newest items, the earliest of their windows.
 */
function purgeWindowEnd(run: StartedRun, outcomes: JobOutcome[], options: RunIngestOptions): Date {
  // Saved files each carry their own window; purge only what is older than all of them.
  if (options.fromDir && !options.now && outcomes.length)
    return new Date(Math.min(...outcomes.map((o) => o.windowEnd.getTime())));
  return run.now;
}

/** Marks the run failed with the error that ended it, if the database still answers. */
async function failRun(run: StartedRun, error: unknown): Promise<void> {
  await markRunFailed(getPrisma(), run.id, (error as Error).message.slice(0, 1_000));
}

/** Closes the run's row with its totals and status, logs it, and returns its summary. */
async function finishRun(
  run: StartedRun,
  plan: IngestPlan,
  outcomes: JobOutcome[],
  purged: number,
): Promise<IngestSummary> {
  const totals = totalsOf(outcomes);
  // A run that skipped feeds (time budget, shutdown) is not complete either.
  const status =
    totals.failed + totals.skipped === 0
      ? "succeeded"
      : totals.failed === outcomes.length
        ? "failed"
        : "partial";
  const finishedAt = new Date();
  await closeRun(getPrisma(), run.id, {
    status,
    finishedAt,
    newCount: totals.new,
    updated: totals.updated,
    unchanged: totals.unchanged,
    failed: totals.failed,
    error: status === "failed" ? (outcomes.find((o) => o.error)?.error ?? null) : null,
  });
  const summary: IngestSummary = {
    runId: run.id,
    trigger: run.trigger,
    status,
    startedAt: run.startedAt,
    finishedAt,
    durationMs: Math.round(performance.now() - run.t0),
    outcomes,
    totals,
    unavailable: plan.unavailable,
    skippedFiles: plan.skippedFiles,
    purged,
  };
  logger.info({ runId: run.id, trigger: run.trigger, status, ...totals, purged }, "ingest run finished");
  return summary;
}
