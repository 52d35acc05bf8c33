/**
 * The base of the errors the application's own layers raise (the analysis, the worker pool): each
 * class declares its `name` once, as a string field, instead of a constructor that only sets it.
 * A string, not the class's own name: a bundler may rename classes, and the worker pool sends an
 * error's name across threads and revives it by that name (lib/workers/pool.ts).
 */

/** An error whose class names it: `class WorkerCrashError extends NamedError { override readonly name = "WorkerCrashError"; }`. */
export abstract class NamedError extends Error {
  abstract override readonly name: string;
}
