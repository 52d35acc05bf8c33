import "server-only";

/**
 * The in-server scheduler, started from instrumentation.ts: runs the scheduler tick on this
 * process every interval.
 */

import { getDatabase } from "@/lib/db";
import { env } from "@/lib/env";
import { schedulerHandle, setSchedulerHandle, type SchedulerHandle } from "@/lib/lifecycle/scheduler-state";
import { onShutdown } from "@/lib/lifecycle/shutdown";
import { logger } from "@/lib/log";
import { loadDemoSnapshot } from "@/lib/services/load-demo-snapshot";
import { rebuildCards } from "@/lib/services/rebuild-cards";
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
 * Starts the in-server scheduler (from instrumentation.ts): a refresh of due feeds every
 * SCHEDULER_INTERVAL_MINUTES, the first shortly after start and not before `after` has settled
 * (the first page's demo, which holds the ingest lock a tick would otherwise find taken). With
 * DEMO_SNAPSHOT=always the demo snapshot is loaded at start. Idempotent.
 */
export function startScheduler({ after }: { after?: Promise<unknown> } = {}): SchedulerHandle | null {
  const running = schedulerHandle();
  if (running) return running;
  // `next build` may load instrumentation; a build never ingests.
  if (env.NEXT_PHASE === "phase-production-build") return null;
  if (env.DEMO_SNAPSHOT === "always") {
    void getDatabase()
      .tryWithLock("ingest", async () => {
        await loadDemoSnapshot({ onlyIfMissing: true });
        await rebuildCards();
      })
      .catch((error) => logger.error({ err: error }, "loading the demo snapshot failed"));
  }
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
