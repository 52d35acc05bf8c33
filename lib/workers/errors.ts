/**
 * The errors of the worker pool. The edge (lib/http/errors.ts) answers a full queue with 503;
 * a job out of time or a worker that died is the caller's to map.
 */
import { NamedError } from "@/lib/errors";

/** The pool's queue is full: the server is busy with work of this kind; try again shortly. */
export class WorkerBusyError extends NamedError {
  override readonly name = "WorkerBusyError";
  constructor(message = "The server is busy; try again in a few seconds.") {
    super(message);
  }
}

/** A job ran past its time limit; its worker was stopped (and is replaced for the next job). */
export class WorkerTimeoutError extends NamedError {
  override readonly name = "WorkerTimeoutError";
}

/** A worker thread failed to start or died while running a job. */
export class WorkerCrashError extends NamedError {
  override readonly name = "WorkerCrashError";
}
