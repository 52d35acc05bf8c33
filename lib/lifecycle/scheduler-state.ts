import "server-only";

/**
 * This process's scheduler, as the status route reports it. The scheduler (lib/scheduler/start.ts)
 * records itself here; the status service reads it from here, below both, so services never
 * import the scheduler that calls them.
 */

export interface SchedulerHandle {
  stop(): void;
  /** When this instance's next tick is due. */
  nextTickAt: Date;
  intervalMinutes: number;
}

// One scheduler per process: Next dev re-evaluates modules on reload, globalThis survives.
const holder = globalThis as unknown as { __newsScheduler?: SchedulerHandle };

/** This instance's scheduler, if it runs. */
export function schedulerHandle(): SchedulerHandle | null {
  return holder.__newsScheduler ?? null;
}

/** Records the scheduler that runs now (null when it stops). */
export function setSchedulerHandle(handle: SchedulerHandle | null): void {
  holder.__newsScheduler = handle ?? undefined;
}
