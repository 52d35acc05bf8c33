import "server-only";

/**
 * Marks ingest runs a dead process left running as interrupted, at server start
 * (docs/decisions/060-graceful-shutdown.md).
 */

import { getDatabase } from "@/lib/db";
import { logger } from "@/lib/log";
import { markRunsInterrupted } from "@/lib/storage/runs";

/**
 * At server start, ingest runs still marked "running" belong to a process that died (killed,
 * crashed, machine lost) — unless another instance is ingesting right now, which the ingest
 * lock tells. Each feed committed atomically, so they only need their status set.
 */
export async function recoverInterruptedRuns(now = new Date()): Promise<number> {
  const result = await getDatabase().tryWithLock("ingest", () =>
    markRunsInterrupted(
      getDatabase().prisma,
      now,
      "The process stopped before the run finished; every feed it completed was kept.",
    ),
  );
  const count = result.acquired ? result.value : 0;
  if (count)
    logger.warn({ runs: count }, "marked ingest runs interrupted by an earlier process as interrupted");
  return count;
}
