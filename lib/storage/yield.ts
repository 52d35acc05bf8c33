/**
 * Turns of the event loop between pieces of work on the main thread: PGlite runs in this thread
 * and answers without I/O, so a run of queries would otherwise hold the loop (and the liveness
 * probe) for its whole time; and a large request body takes milliseconds to parse.
 */

/** Resolves after pending I/O (other requests, the probe) has had its turn. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

let lastTurn: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` (a few milliseconds of CPU: parsing, validating or hashing a large request body)
 * in a turn of the event loop of its own, after every piece queued before it. However many
 * large requests arrive together, pending I/O (other requests, the liveness probe) waits behind
 * one such piece at most, never behind all of them (issue 23).
 */
export function inTurn<T>(work: () => T): Promise<T> {
  const turn = lastTurn.then(yieldToEventLoop).then(work);
  lastTurn = turn.catch(() => undefined);
  return turn;
}

/**
 * Every row a keyset read yields, `pageRows` at a time in order of id, with a turn of the event
 * loop between pages: one read of a large table held PGlite's event loop for hundreds of ms.
 */
export async function readInPages<T extends { id: string }>(
  pageRows: number,
  readPage: (afterId: string, take: number) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let after = ""; ;) {
    const page = await readPage(after, pageRows);
    rows.push(...page);
    if (page.length < pageRows) return rows;
    after = page[page.length - 1].id;
    await yieldToEventLoop();
  }
}
