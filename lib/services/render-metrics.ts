import "server-only";

/** The operator metrics behind GET /api/v1/metrics, in Prometheus text format. */

import { analysisCacheStats, type CacheStats } from "@/lib/analysis/cache";
import { renderAnalysisOutcomes } from "@/lib/analysis/outcomes";
import { renderSameEventMetrics } from "@/lib/cluster/verdicts/same-event-metrics";
import { getPrisma } from "@/lib/db";
import { renderRequestMetrics } from "@/lib/http/metrics";
import { countArticles } from "@/lib/storage/articles";
import { countLiveCards } from "@/lib/storage/cards";
import { failingFeedsPerSource, feedsPerSource } from "@/lib/storage/feeds";
import { outcomesPerSourceSince } from "@/lib/storage/runs";
import { metric, metricsText, sample } from "@/lib/prometheus";
import { computedProfiles } from "./source-profiles";

/** The gauges of the shared database: per-source ingest outcomes and feed health, and the stored counts. */
async function databaseGauges(now: Date): Promise<{ feeds: string[]; stored: string[] }> {
  const prisma = getPrisma();
  const since = new Date(now.getTime() - 24 * 3_600_000);
  const [outcomes, feeds, articles, cards] = await Promise.all([
    outcomesPerSourceSince(prisma, since),
    feedsPerSource(prisma),
    countArticles(prisma),
    countLiveCards(prisma),
  ]);
  const failing = await failingFeedsPerSource(prisma);
  const added = new Map<string, number>();
  for (const o of outcomes) added.set(o.sourceId, (added.get(o.sourceId) ?? 0) + (o._sum.newCount ?? 0));
  const failingBySource = new Map(failing.map((f) => [f.sourceId, f._count._all]));
  const lines = [
    ...metric(
      "ingest_feed_outcomes_24h",
      "Feed fetches per source and outcome over the last 24 hours.",
      "gauge",
      outcomes.map((o) =>
        sample("ingest_feed_outcomes_24h", o._count._all, { source: o.sourceId, status: o.status }),
      ),
    ),
    ...metric(
      "ingest_new_articles_24h",
      "Articles added per source over the last 24 hours.",
      "gauge",
      [...added].map(([source, n]) => sample("ingest_new_articles_24h", n, { source })),
    ),
    ...metric(
      "feeds_failing",
      "Feeds whose last fetch failed, per source.",
      "gauge",
      feeds.map((f) => sample("feeds_failing", failingBySource.get(f.sourceId) ?? 0, { source: f.sourceId })),
    ),
    ...metric(
      "feed_last_success_timestamp_seconds",
      "Last successful fetch of any feed of a source.",
      "gauge",
      feeds.flatMap((f) =>
        f._max.lastSuccessAt
          ? [
              sample(
                "feed_last_success_timestamp_seconds",
                Math.floor(f._max.lastSuccessAt.getTime() / 1000),
                {
                  source: f.sourceId,
                },
              ),
            ]
          : [],
      ),
    ),
  ];
  return { feeds: lines, stored: storedCounts(articles, cards) };
}

/** The analysis cache's counters and size, from the shared database. */
function cacheMetrics(cache: CacheStats): string[] {
  const lookups = cache.hits + cache.misses;
  return [
    ...metric("analysis_cache_hits_total", "Analyses answered from the cache.", "counter", cache.hits),
    ...metric("analysis_cache_misses_total", "Analyses computed by a provider.", "counter", cache.misses),
    ...metric("analysis_cache_errors_total", "Cache reads or writes that failed.", "counter", cache.errors),
    ...metric("analysis_cache_entries", "Entries in the analysis cache.", "gauge", cache.size),
    ...metric(
      "analysis_cache_hit_ratio",
      "Hits over hits plus misses.",
      "gauge",
      lookups ? (cache.hits / lookups).toFixed(4) : 0,
    ),
  ];
}

/** The stored articles and live cards, as gauges (they follow the cache's metrics in the output). */
const storedCounts = (articles: number, cards: number) => [
  ...metric("articles_stored", "Articles in the 72-hour store.", "gauge", articles),
  ...metric("comparison_cards_live", "Live comparison cards.", "gauge", cards),
];

/**
 * Operator metrics in Prometheus text format: this instance's requests and latencies, and,
 * from the shared database (so every instance reports the same), ingest outcomes per source
 * over the last 24 hours, feed health, and the analysis cache with its hit rate; and, of this
 * instance, analyses by outcome, provider failures by cause, what the grounding check removed, and
 * what its rebuilds asked the model about pairs words cannot settle (docs/decisions/025).
 */
export async function renderMetrics(now = new Date()): Promise<string> {
  const [database, cache] = await Promise.all([databaseGauges(now), analysisCacheStats()]);
  return metricsText([
    renderRequestMetrics().trimEnd(),
    renderSameEventMetrics().trimEnd(),
    renderAnalysisOutcomes().trimEnd(),
    ...database.feeds,
    ...cacheMetrics(cache),
    ...database.stored,
    ...metric(
      "outlet_profiles_computed_total",
      "Outlet profiles this instance computed (each outlet once per state of the news window).",
      "counter",
      computedProfiles(),
    ),
  ]);
}
