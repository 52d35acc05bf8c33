import "server-only";

/** The operator's card generation for one country (POST /api/v1/comparison-cards/generate). */

import { getDatabase } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { CountryId } from "@/lib/catalog";
import type { GenerateSummary } from "@/lib/schemas/cards";
import { refreshNews } from "./refresh-news";
import { sourcesCovering } from "./sources-for";

/**
 * Operator generation (POST /comparison-cards/generate): ingests every feed of the outlets
 * that cover the country, then re-clusters. One ingest at a time across instances: a run
 * already in progress answers 409 rather than queueing behind it.
 */
export async function generateCards(country: CountryId): Promise<GenerateSummary> {
  const sources = await sourcesCovering(country);
  const result = await getDatabase().tryWithLock("ingest", () =>
    refreshNews({ sources, trigger: "operator" }),
  );
  if (!result.acquired)
    throw new ApiError("conflict", "An ingest is already running; try again when it finishes.");
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
