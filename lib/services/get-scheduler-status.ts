import "server-only";

/**
 * The scheduler status behind GET /api/v1/comparison-cards/status/scheduler, and the cron job's
 * refresh of the due feeds.
 */

import { getPrisma } from "@/lib/db";
import { env } from "@/lib/env";
import { feedErrorClass } from "@/lib/ingest/error-class";
import { schedulerHandle } from "@/lib/lifecycle/scheduler-state";
import type { SchedulerStatus } from "@/lib/schemas/scheduler";
import { latestRealRun } from "@/lib/storage/runs";
import { listSourcesWithFeeds } from "@/lib/storage/sources";
import { runSchedulerTick } from "./run-scheduler-tick";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const latest = (dates: (Date | null)[]) =>
  dates.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null);

/**
 * Scheduler state: last run, next run and per-source health. Called with the cron secret
 * (the Vercel Cron convention), it first runs a refresh of the due feeds — one at a time
 * across instances; a tick that finds a run in progress says so. Feed errors are shown in
 * full only with `detail` (operator or cron); anyone else sees their class.
 */
export async function getSchedulerStatus({
  trigger,
  detail,
}: {
  trigger: boolean;
  detail: boolean;
}): Promise<SchedulerStatus> {
  let triggered: SchedulerStatus["triggered"];
  if (trigger) {
    const tick = await runSchedulerTick({ trigger: "cron" });
    triggered = tick.ran
      ? {
          ran: true,
          runId: tick.summary.ingest.runId,
          status: tick.summary.ingest.status,
          new: tick.summary.ingest.totals.new,
          cards: tick.summary.cards?.cards ?? 0,
        }
      : { ran: false, reason: tick.reason };
  }
  const prisma = getPrisma();
  const [lastRun, sources] = await Promise.all([latestRealRun(prisma), listSourcesWithFeeds(prisma)]);
  const handle = schedulerHandle();
  const intervalMs = env.SCHEDULER_INTERVAL_MINUTES * 60_000;
  const nextRunAt =
    handle?.nextTickAt ??
    (env.SCHEDULER_ENABLED && lastRun ? new Date(lastRun.startedAt.getTime() + intervalMs) : null);
  return {
    enabled: env.SCHEDULER_ENABLED,
    intervalMinutes: env.SCHEDULER_INTERVAL_MINUTES,
    lastRun: lastRun && {
      id: lastRun.id,
      trigger: lastRun.trigger,
      status: lastRun.status,
      startedAt: lastRun.startedAt.toISOString(),
      finishedAt: iso(lastRun.finishedAt),
      feeds: lastRun.feedCount,
      new: lastRun.newCount,
      updated: lastRun.updated,
      unchanged: lastRun.unchanged,
      failed: lastRun.failed,
    },
    nextRunAt: iso(nextRunAt),
    sources: sources.map((s) => {
      const lastErrorAt = latest(s.feeds.map((f) => f.lastErrorAt));
      const lastError =
        s.feeds.find((f) => f.lastErrorAt && lastErrorAt && f.lastErrorAt.getTime() === lastErrorAt.getTime())
          ?.lastError ?? null;
      const nextChecks = s.feeds.map((f) => f.nextCheckAt).sort((a, b) => a.getTime() - b.getTime());
      return {
        id: s.id,
        name: s.name,
        available: s.available,
        unavailableReason: s.unavailableReason,
        feeds: s.feeds.length,
        lastSuccessAt: iso(latest(s.feeds.map((f) => f.lastSuccessAt))),
        lastErrorAt: iso(lastErrorAt),
        lastError: lastError && (detail ? lastError : feedErrorClass(lastError)),
        failingFeeds: s.feeds.filter((f) => f.errorCount > 0).length,
        items: s.feeds.reduce((n, f) => n + (f.lastItemCount ?? 0), 0),
        nextCheckAt: iso(nextChecks[0]),
      };
    }),
    ...(triggered ? { triggered } : {}),
  };
}
