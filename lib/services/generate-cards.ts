import "server-only";

/** The operator's card generation for one country (POST /api/v1/comparison-cards/generate). */

import { getDatabase, getPrisma } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { CountryId } from "@/lib/catalog";
import type { GenerateSummary } from "@/lib/schemas/cards";
import { lastFinishedRealRun, runningRun } from "@/lib/storage/runs";
import { refreshNews } from "./refresh-news";
import { sourcesCovering } from "./sources-for";

/** The soonest a retry is suggested, and the guess for a run with no earlier run to go by. */
const RETRY_AT_LEAST_MS = 10_000;
const RUN_GUESS_MS = 60_000;

/**
 * When the ingest in progress should be done: its start plus the last finished run's length (the
 * whole refresh, rebuild included, is under the one lock), at least RETRY_AT_LEAST_MS from now,
 * rounded up to the minute so the time said and Retry-After agree.
 */
async function busyUntil(now: Date): Promise<Date> {
  const prisma = getPrisma();
  const [running, last] = await Promise.all([runningRun(prisma), lastFinishedRealRun(prisma)]);
  const length = last?.finishedAt ? last.finishedAt.getTime() - last.startedAt.getTime() : RUN_GUESS_MS;
  const end = (running?.startedAt.getTime() ?? now.getTime()) + length;
  const soonest = Math.max(end, now.getTime() + RETRY_AT_LEAST_MS);
  return new Date(Math.ceil(soonest / 60_000) * 60_000);
}

/** 409 for an operator whose generation meets another ingest: when to try again, in words and in Retry-After. */
async function busy(now = new Date()): Promise<ApiError> {
  const at = await busyUntil(now);
  const seconds = Math.ceil((at.getTime() - now.getTime()) / 1000);
  const time = at.toISOString().slice(11, 16);
  return new ApiError("conflict", `Another ingest is running; try again at ${time} UTC.`, {
    headers: { "Retry-After": String(seconds) },
    details: { retryAt: at.toISOString(), retryAfterSeconds: seconds },
  });
}

/**
 * Operator generation (POST /comparison-cards/generate): ingests every feed of the outlets
 * that cover the country, then re-clusters. One ingest at a time across instances: a run
 * already in progress answers 409 with when to try again (Retry-After and the time in the
 * message) rather than queueing behind it.
 */
export async function generateCards(country: CountryId): Promise<GenerateSummary> {
  const sources = await sourcesCovering(country);
  const result = await getDatabase().tryWithLock("ingest", () =>
    refreshNews({ sources, trigger: "operator" }),
  );
  if (!result.acquired) throw await busy();
  const { ingest, cards } = result.value;
  return {
    country,
    runId: ingest.runId,
    status: ingest.status,
    durationMs: ingest.durationMs,
    sources: sources.length,
    feeds: ingest.outcomes.length,
    articles: {
      new: ingest.totals.new,
      updated: ingest.totals.updated,
      unchanged: ingest.totals.unchanged,
      failedFeeds: ingest.totals.failed,
    },
    unavailable: ingest.unavailable,
    cards: {
      total: cards?.cards ?? 0,
      created: cards?.created ?? 0,
      updated: cards?.updated ?? 0,
      retired: cards?.retired ?? 0,
    },
    // Errors, and feeds the run's time budget (or a shutdown) cut off.
    failures: ingest.outcomes
      .filter((o) => o.status === "error" || o.status === "skipped")
      .map((o) => ({
        sourceId: o.sourceId,
        category: o.category,
        status: o.status,
        error: o.error ?? o.status,
      })),
  };
}
