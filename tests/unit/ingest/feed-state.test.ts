import { expect, it } from "vitest";
import { backoffMs, feedStateAfter, MAX_BACKOFF_MS } from "@/lib/ingest/feed-state";

const now = new Date("2026-01-01T00:00:00Z");
const interval = 15 * 60_000;

it("backs off exponentially after failures, capped at a day", () => {
  expect([1, 2, 3, 4].map((n) => backoffMs(n, interval) / 60_000)).toEqual([30, 60, 120, 240]);
  expect(backoffMs(40, interval)).toBe(MAX_BACKOFF_MS);
});

it("records an error with the next check pushed back, and honours a longer Retry-After", () => {
  const state = feedStateAfter({ status: "error", httpStatus: 500, error: "HTTP 500" }, 2, now, interval);
  expect(state).toMatchObject({
    errorCount: 3,
    lastError: "HTTP 500",
    lastErrorAt: now,
    lastStatus: 500,
    lastFetchedAt: now,
  });
  expect((state.nextCheckAt as Date).getTime() - now.getTime()).toBe(120 * 60_000);
  const limited = feedStateAfter(
    { status: "error", httpStatus: 429, error: "HTTP 429", retryAfterMs: 6 * 3_600_000 },
    0,
    now,
    interval,
  );
  expect((limited.nextCheckAt as Date).getTime() - now.getTime()).toBe(6 * 3_600_000);
});

it("resets errors and keeps validators after a success", () => {
  const state = feedStateAfter(
    { status: "ok", httpStatus: 200, etag: '"e1"', lastModified: "Sat, 23 Jun 2018 20:00:00 GMT", items: 12 },
    4,
    now,
    interval,
  );
  expect(state).toEqual({
    errorCount: 0,
    lastError: null,
    lastStatus: 200,
    lastFetchedAt: now,
    lastSuccessAt: now,
    nextCheckAt: new Date(now.getTime() + interval),
    etag: '"e1"',
    lastModified: "Sat, 23 Jun 2018 20:00:00 GMT",
    lastItemCount: 12,
  });
  const notModified = feedStateAfter({ status: "not_modified", httpStatus: 304 }, 1, now, interval);
  expect(notModified).not.toHaveProperty("etag");
  expect(notModified).toMatchObject({ errorCount: 0, lastStatus: 304 });
});
