/**
 * A small pool of worker threads for CPU-bound jobs (lib/workers/jobs.ts), so clustering a large
 * news window or analysing hostile text never blocks the main thread's event loop (issue 23,
 * docs/decisions/105-worker-pool.md). A few workers, started on first use and replaced when
 * one dies or runs out of time; a bounded queue in front of them; errors of the domain come
 * back as their own classes. Idle workers do not keep a process alive.
 */

import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { AnalysisError, AnalysisTimeoutError } from "@/lib/analysis/errors";
import { WorkerBusyError, WorkerCrashError, WorkerTimeoutError } from "./errors";
import { JOB_CLASS, type JobInput, type JobName, type JobOutput } from "./jobs";
import type { JobReply, JobRequest } from "./worker";

export const WORKER_POOL = {
  /**
   * Worker threads at most. Two: on a two-core machine the main thread keeps answering while
   * a rebuild and an analysis run side by side; more would only queue for the same cores.
   */
  size: 2,
  /**
   * Jobs of one class (JOB_CLASS in lib/workers/jobs.ts) waiting for a worker at most; the next of
   * that class is refused (503) rather than held. Each class has its own queue, and a worker takes
   * the next job from the first class that has one: readers who fill the analyses' queue neither
   * refuse nor delay a rebuild or a login (issue 34).
   */
  maxQueued: 64,
  /**
   * The workers' nice value (Linux keeps one per thread): when the cores are busy, the main
   * thread, which answers requests and the liveness probe, runs first and the jobs wait a
   * little. Worst liveness under twenty hostile analyses at load 8: see decision 105.
   */
  nice: 10,
} as const;

/** Errors a job may raise that the caller handles by class; any other comes back as an Error. */
const DOMAIN_ERRORS: Record<string, new (message: string) => Error> = {
  AnalysisError,
  AnalysisTimeoutError,
};

interface Task {
  request: JobRequest;
  timeoutMs: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

function revive({ name, message }: { name: string; message: string }): Error {
  const Known = DOMAIN_ERRORS[name];
  if (Known) return new Known(message);
  const error = new Error(message);
  error.name = name;
  return error;
}

/**
 * A file of this folder, found from the project's root at run time: the worker's files are
 * loaded as they are on disk (through tsx), never bundled, so the path is hidden from the
 * bundler's static analysis (a literal path made Turbopack bundle tsx and esbuild).
 */
function inRoot(root: string, file: string): string {
  return path.join(root, ...WORKER_FOLDER, file);
}
const WORKER_FOLDER = ["lib", "workers"];

export interface PoolOptions {
  size: number;
  maxQueued: number;
  /** The workers' thread priority (nice value, 0 to 19). */
  nice: number;
  /** The project's root (where lib/workers and tsconfig.json are); the working folder by default. */
  root?: string;
}

/** Runs jobs from the job table in worker threads, at most `size` at once. */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  /** One queue per job class, the first class first. */
  private readonly queues: Task[][] = Array.from(
    { length: Math.max(...Object.values(JOB_CLASS)) + 1 },
    () => [],
  );
  private readonly done = new Map<JobName, number>();
  private nextId = 1;
  private readonly root: string;

  constructor(private readonly options: PoolOptions) {
    this.root = options.root ?? process.cwd();
  }

  /** Runs a job in a worker; rejects with WorkerBusyError when its class's queue is full. */
  run<N extends JobName>(job: N, input: JobInput<N>, timeoutMs: number): Promise<JobOutput<N>> {
    const queue = this.queues[JOB_CLASS[job]];
    if (queue.length >= this.options.maxQueued) return Promise.reject(new WorkerBusyError());
    return new Promise<JobOutput<N>>((resolve, reject) => {
      queue.push({
        request: { id: this.nextId++, job, input },
        timeoutMs,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /** Workers running now (for tests and metrics). */
  get workers(): number {
    return this.slots.length;
  }

  /** Jobs of this name a worker finished (for tests and metrics). */
  finished(job: JobName): number {
    return this.done.get(job) ?? 0;
  }

  /** The next queued job: the oldest of the first class that has one. */
  private next(): Task | undefined {
    return this.queues.find((q) => q.length)?.shift();
  }

  /** Stops every worker; queued and running jobs fail. */
  async close(): Promise<void> {
    for (const task of this.queues.flatMap((q) => q.splice(0)))
      task.reject(new WorkerCrashError("The worker pool closed."));
    await Promise.all(
      [...this.slots].map((slot) => this.fail(slot, new WorkerCrashError("The worker pool closed."))),
    );
  }

  private dispatch(): void {
    while (this.queues.some((q) => q.length)) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot) {
        if (this.slots.length >= this.options.size) return;
        slot = this.spawn();
      }
      this.start(slot, this.next()!);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(/* turbopackIgnore: true */ inRoot(this.root, "bootstrap.mjs"), {
      workerData: {
        entry: pathToFileURL(inRoot(this.root, "worker.ts")).href,
        tsconfig: path.join(this.root, "tsconfig.json"),
        nice: this.options.nice,
      },
      // The same module conditions as the server and the scripts (server-only is then empty).
      execArgv: ["--conditions=react-server"],
    });
    const slot: Slot = { worker, task: null, timer: null };
    worker.on("message", (reply: JobReply) => this.finish(slot, reply));
    worker.on(
      "error",
      (error) => void this.fail(slot, new WorkerCrashError(`A worker thread failed: ${error.message}`)),
    );
    worker.on(
      "exit",
      (code) => void this.fail(slot, new WorkerCrashError(`A worker thread exited (code ${code}).`)),
    );
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, task: Task): void {
    slot.task = task;
    slot.worker.ref(); // a job in progress keeps the process alive
    slot.timer = setTimeout(() => {
      const seconds = Math.round(task.timeoutMs / 100) / 10;
      void this.fail(
        slot,
        new WorkerTimeoutError(`The ${task.request.job} job did not finish within ${seconds} s.`),
      );
    }, task.timeoutMs);
    try {
      slot.worker.postMessage(task.request);
    } catch (error) {
      // Input that cannot be copied to a thread: the caller's error; the worker is fine.
      this.settle(slot);
      task.reject(error as Error);
      this.dispatch();
    }
  }

  /** Frees a slot of its task; the task, if any. */
  private settle(slot: Slot): Task | null {
    const task = slot.task;
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = null;
    slot.timer = null;
    slot.worker.unref();
    return task;
  }

  private finish(slot: Slot, reply: JobReply): void {
    if (slot.task?.request.id !== reply.id) return;
    const task = this.settle(slot)!;
    this.done.set(task.request.job, this.finished(task.request.job) + 1);
    if (reply.ok) task.resolve(reply.output);
    else task.reject(revive(reply.error));
    this.dispatch();
  }

  /** Stops a worker (timeout, crash, close): its job fails; the next job gets a new worker. */
  private async fail(slot: Slot, error: Error): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const task = this.settle(slot);
    task?.reject(error);
    this.dispatch();
    await slot.worker.terminate();
  }
}

const holder = globalThis as unknown as { __newsWorkerPool?: WorkerPool };

/** This process's pool, created on first use (kept across Next dev's hot reloads). */
export function workerPool(): WorkerPool {
  return (holder.__newsWorkerPool ??= new WorkerPool(WORKER_POOL));
}
