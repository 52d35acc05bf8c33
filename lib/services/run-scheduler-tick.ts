import "server-only";

/**
 * The scheduler tick: a refresh of the due feeds when no other ingest runs. The in-server
 * scheduler and the cron route share it.
 */

import { getDatabase } from "@/lib/db";
import { isDraining } from "@/lib/lifecycle/shutdown";
import { logger } from "@/lib/log";
import { refreshNews, type RefreshOptions, type RefreshSummary } from "./refresh-news";

export type TickResult = { ran: true; summary: RefreshSummary } | { ran: false; reason: string };

/**
 * One scheduler tick: refresh the feeds that are due, unless another instance (or another
 * caller in this process) is already ingesting. The in-server scheduler and the cron route
 * (through getSchedulerStatus) both run it. On PostgreSQL the "ingest" advisory lock
 * makes exactly one of several app instances run; PGlite has one process anyway.
 */
export async function runSchedulerTick(
  options: Omit<RefreshOptions, "dueOnly" | "trigger"> & { trigger?: "scheduler" | "cron" } = {},
): Promise<TickResult> {
  if (isDraining()) return { ran: false, reason: "the server is shutting down" };
  const result = await getDatabase().tryWithLock("ingest", () =>
    refreshNews({
      ...options,
      trigger: options.trigger ?? "scheduler",
      dueOnly: true,
      now: options.now ?? new Date(),
    }),
  );
  if (!result.acquired) {
    logger.info("scheduler tick skipped: another ingest holds the lock");
    return { ran: false, reason: "another ingest is running" };
  }
  return { ran: true, summary: result.value };
}
