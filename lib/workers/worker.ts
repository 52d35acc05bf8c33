/**
 * The worker thread's side of the pool (lib/workers/pool.ts): runs one job at a time from the
 * job table and posts back its result, or the error's name and message.
 */

import os from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { JOBS, type JobName } from "./jobs";

export interface JobRequest {
  id: number;
  job: JobName;
  input: unknown;
}

export type JobReply =
  | { id: number; ok: true; output: unknown }
  | { id: number; ok: false; error: { name: string; message: string } };

// Only this thread's priority: on Linux a nice value belongs to the thread that sets it.
try {
  os.setPriority((workerData as { nice: number }).nice);
} catch {
  // not allowed here (some containers): the thread keeps the process's priority
}

parentPort?.on("message", async ({ id, job, input }: JobRequest) => {
  let reply: JobReply;
  try {
    const run = JOBS[job] as (input: unknown) => unknown;
    reply = { id, ok: true, output: await run(input) };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    reply = { id, ok: false, error: { name, message } };
  }
  parentPort!.postMessage(reply);
});
