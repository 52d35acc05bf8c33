/**
 * A turn of the event loop between pieces of database work: PGlite runs in this thread and
 * answers without I/O, so a run of queries would otherwise hold the loop (and the liveness
 * probe) for its whole time.
 */

/** Resolves after pending I/O (other requests, the probe) has had its turn. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
