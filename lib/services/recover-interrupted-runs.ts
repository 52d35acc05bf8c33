import "server-only";

/**
 * Marks ingest runs a dead process left running as interrupted, at server start
 * (docs/decisions/060-graceful-shutdown.md).
 */

import { getDatabase } from "@/lib/db";
import { logger } from "@/lib/log";

/**
 * At server start, ingest runs still marked "running" belong to a process that died (killed,
 * crashed, machine lost) — unless another instance is ingesting right now, which the ingest
 * lock tells. Each feed committed atomically, so they only need their status set.
 */
export async function recoverInterruptedRuns(now = new Date()): Promise<number> {
  const result = await getDatabase().tryWithLock("ingest", async () => {
    const { count } = await getDatabase().prisma.ingestRun.updateMany({
      where: { status: "running", finishedAt: null },
      data: {
        status: "interrupted",
        finishedAt: now,
        error: "The process stopped before the run finished; every feed it completed was kept.",
      },
    });
    return count;
  });
  const count = result.acquired ? result.value : 0;
  if (count)
    logger.warn({ runs: count }, "marked ingest runs interrupted by an earlier process as interrupted");
  return count;
}
