/**
 * A worker thread's first file: plain JavaScript, so it loads the same way under `next start`,
 * tsx and Vitest. It registers tsx's TypeScript loader (with the project's path aliases) and
 * then imports the worker proper (lib/workers/worker.ts), whose path the pool hands in.
 */
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register({ tsconfig: workerData.tsconfig });
await import(workerData.entry);
