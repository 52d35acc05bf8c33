import "server-only";

/**
 * The in-server scheduler, started from instrumentation.ts: runs the scheduler tick on this
 * process every interval.
 */

import { env } from "@/lib/env";
import { schedulerHandle, setSchedulerHandle, type SchedulerHandle } from "@/lib/lifecycle/scheduler-state";
import { onShutdown } from "@/lib/lifecycle/shutdown";
import { logger } from "@/lib/log";
import { runSchedulerTick } from "@/lib/services/run-scheduler-tick";

/** The first tick waits this long after start, so start-up is never blocked by feeds. */
const FIRST_TICK_DELAY_MS = 5_000;

async function tick() {
  const handle = schedulerHandle();
  if (handle) handle.nextTickAt = new Date(Date.now() + handle.intervalMinutes * 60_000);
  try {
    await runSchedulerTick();
  } catch (error) {
    logger.error({ err: error }, "scheduler tick failed");
  }
}

/**
 * Starts the in-server scheduler (from instrumentation.ts, never during a build): a refresh of
 * due feeds every SCHEDULER_INTERVAL_MINUTES, the first shortly after start and not before
 * `after` has settled (the first page's demo, lib/services/prepare-first-page.ts, which holds the
 * ingest lock a tick would otherwise find taken). Idempotent.
 */
export function startScheduler({ after }: { after?: Promise<unknown> } = {}): SchedulerHandle | null {
  const running = schedulerHandle();
  if (running) return running;
  if (!env.SCHEDULER_ENABLED) {
    logger.info("scheduler disabled (SCHEDULER_ENABLED=false)");
    return null;
  }
  const intervalMs = env.SCHEDULER_INTERVAL_MINUTES * 60_000;
  const first = setTimeout(() => void (after ?? Promise.resolve()).finally(tick), FIRST_TICK_DELAY_MS);
  const every = setInterval(tick, intervalMs);
  // Timers must not keep a process alive that is otherwise done (scripts, tests).
  first.unref();
  every.unref();
  logger.info({ intervalMinutes: env.SCHEDULER_INTERVAL_MINUTES }, "scheduler started");
  const handle: SchedulerHandle = {
    nextTickAt: new Date(Date.now() + FIRST_TICK_DELAY_MS),
    intervalMinutes: env.SCHEDULER_INTERVAL_MINUTES,
    stop() {
      clearTimeout(first);
      clearInterval(every);
      if (schedulerHandle() === handle) setSchedulerHandle(null);
    },
  };
  setSchedulerHandle(handle);
  // A shutdown stops new ticks; a run in progress stops starting feeds (runIngest).
  onShutdown(() => handle.stop());
  return handle;
}
