import "server-only";

/**
 * Graceful shutdown of a server process (issue 9). On SIGTERM/SIGINT:
 *   1. we mark the process draining (readiness answers 503) and run the stop hooks
 *      (the scheduler stops starting runs; an ingest run stops starting new feeds);
 *   2. Next's own handler closes the HTTP server: no new connections, in-flight requests
 *      finish, idle keep-alive connections close; then it calls process.exit;
 *   3. we hold that exit until tracked work (the feed transaction being written) settles,
 *      close the database (PGlite flushes and its folder lock is released), then exit.
 * If nothing calls process.exit within the grace period (no Next handler), we exit ourselves.
 * Why intercept process.exit: Next gives route code no handle on its HTTP server, and its
 * handler exits as soon as requests drain (docs/decisions/060-graceful-shutdown.md).
 */

import { closeDatabase } from "@/lib/db";
import { logger } from "@/lib/log";

interface Lifecycle {
  draining: boolean;
  installed: boolean;
  tasks: Set<Promise<unknown>>;
  hooks: Array<() => void | Promise<void>>;
}

const holder = globalThis as unknown as { __newsLifecycle?: Lifecycle };
const state = (holder.__newsLifecycle ??= { draining: false, installed: false, tasks: new Set(), hooks: [] });

/** True once a shutdown signal arrived. */
export function isDraining(): boolean {
  return state.draining;
}

/** Keeps the process alive until this work settles, if a shutdown begins meanwhile. */
export function trackTask<T>(task: Promise<T>): Promise<T> {
  state.tasks.add(task);
  const done = () => state.tasks.delete(task);
  task.then(done, done);
  return task;
}

/** Runs when a shutdown begins (stop timers, stop starting new work). */
export function onShutdown(hook: () => void | Promise<void>): void {
  state.hooks.push(hook);
}

async function settle(timeoutMs: number): Promise<void> {
  const deadline = new Promise((r) => setTimeout(r, timeoutMs).unref());
  await Promise.race([Promise.allSettled([...state.tasks]), deadline]);
  await Promise.race([
    closeDatabase().catch((error) => logger.error({ err: error }, "closing the database failed")),
    deadline,
  ]);
}

/** Installs the signal handlers once per process. */
export function installShutdownHandlers({ graceMs = 25_000 } = {}): void {
  if (state.installed) return;
  state.installed = true;
  const realExit = process.exit.bind(process);
  let finishing: Promise<void> | null = null;
  const finish = (code: number | string | null | undefined) => {
    finishing ??= settle(graceMs).finally(() => {
      logger.info({ code }, "shutdown complete");
      realExit(code ?? 0);
    });
    return finishing;
  };
  const begin = (signal: NodeJS.Signals) => {
    if (state.draining) return;
    state.draining = true;
    logger.info({ signal, inFlightTasks: state.tasks.size }, "shutdown: draining");
    for (const hook of state.hooks)
      void Promise.resolve()
        .then(hook)
        .catch((e) => logger.error({ err: e }, "shutdown hook failed"));
    process.exit = ((code?: number | string | null) => {
      void finish(code);
      return undefined as never;
    }) as typeof process.exit;
    // Without a handler that exits after draining (Next's), finish on our own.
    setTimeout(() => void finish(signal === "SIGINT" ? 130 : 143), graceMs).unref();
  };
  // Prepended so the process is draining before Next starts closing its server.
  process.prependListener("SIGTERM", begin);
  process.prependListener("SIGINT", begin);
}
