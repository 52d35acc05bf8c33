/**
 * A feed's fetch state after one fetch (Miniflux style): validators for the next
 * conditional GET, the last status, and when to check again. Failing feeds back off
 * exponentially, so a dead feed costs one request a day rather than one per tick.
 */

/** Columns of the Feed row a fetch changes (only those present are written). */
export interface FeedState {
  errorCount: number;
  lastError?: string | null;
  lastErrorAt?: Date;
  lastStatus: number | null;
  lastFetchedAt: Date;
  lastSuccessAt?: Date;
  nextCheckAt: Date;
  etag?: string | null;
  lastModified?: string | null;
  lastItemCount?: number;
}

/** The longest a failing feed waits before its next check. */
export const MAX_BACKOFF_MS = 24 * 3_600_000;

/**
 * How one check of a feed ended (fetched and read as a feed, not modified, or failed): what
 * its new state is worked out from. Parsing decides too, so this is not what fetch.ts returns,
 * though a FetchResult that failed or found nothing new is one as it stands.
 */
export type FeedCheck =
  | {
      status: "ok";
      httpStatus: number | null;
      etag: string | null;
      lastModified: string | null;
      items: number;
    }
  | { status: "not_modified"; httpStatus: number | null }
  | { status: "error"; httpStatus: number | null; error: string; retryAfterMs?: number };

/** When a feed that failed errorCount times in a row is next due. */
export function backoffMs(errorCount: number, intervalMs: number): number {
  return Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** Math.min(errorCount, 16));
}

/** The Feed row update after one check. */
export function feedStateAfter(
  check: FeedCheck,
  previousErrorCount: number,
  now: Date,
  intervalMs: number,
): FeedState {
  const at = (ms: number) => new Date(now.getTime() + ms);
  if (check.status === "error") {
    const errorCount = previousErrorCount + 1;
    const wait = Math.max(backoffMs(errorCount, intervalMs), check.retryAfterMs ?? 0);
    return {
      errorCount,
      lastError: check.error.slice(0, 1_000),
      lastErrorAt: now,
      lastStatus: check.httpStatus,
      lastFetchedAt: now,
      nextCheckAt: at(wait),
    };
  }
  const common: FeedState = {
    errorCount: 0,
    lastError: null,
    lastStatus: check.httpStatus,
    lastFetchedAt: now,
    lastSuccessAt: now,
    nextCheckAt: at(intervalMs),
  };
  if (check.status === "not_modified") return common;
  return { ...common, etag: check.etag, lastModified: check.lastModified, lastItemCount: check.items };
}
