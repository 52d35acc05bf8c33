/**
 * The one way the app runs a job of the job table (lib/workers/jobs.ts) off the main thread:
 * in the worker pool, and only when no worker thread can run at all (the worker's files missing
 * from a deployment, a thread that died) here, through the same job table, with a warning.
 */

import { logger } from "@/lib/log";
import { WorkerCrashError } from "./errors";
import { JOBS, type JobInput, type JobName, type JobOutput } from "./jobs";
import { workerPool } from "./pool";

/**
 * Runs `job` in the pool within `timeoutMs`. A full queue (WorkerBusyError) and a job out of
 * time (WorkerTimeoutError) reject as they are; a crashed or missing worker runs the job here.
 */
export async function runOffThread<N extends JobName>(
  job: N,
  input: JobInput<N>,
  timeoutMs: number,
): Promise<JobOutput<N>> {
  try {
    return await workerPool().run(job, input, timeoutMs);
  } catch (error) {
    if (!(error instanceof WorkerCrashError)) throw error;
    logger.warn({ err: error, job }, "no worker thread for the job; it runs on the main thread");
    const run = JOBS[job] as (input: JobInput<N>) => JobOutput<N> | Promise<JobOutput<N>>;
    return run(input);
  }
}
