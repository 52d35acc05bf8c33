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
import { computedProfiles } from "./source-profiles";

const label = (v: string) => v.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", " ");

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
  const lines = [
    "# HELP ingest_feed_outcomes_24h Feed fetches per source and outcome over the last 24 hours.",
    "# TYPE ingest_feed_outcomes_24h gauge",
  ];
  for (const o of outcomes)
    lines.push(
      `ingest_feed_outcomes_24h{source="${label(o.sourceId)}",status="${label(o.status)}"} ${o._count._all}`,
    );
  lines.push(
    "# HELP ingest_new_articles_24h Articles added per source over the last 24 hours.",
    "# TYPE ingest_new_articles_24h gauge",
  );
  const added = new Map<string, number>();
  for (const o of outcomes) added.set(o.sourceId, (added.get(o.sourceId) ?? 0) + (o._sum.newCount ?? 0));
  for (const [source, n] of added) lines.push(`ingest_new_articles_24h{source="${label(source)}"} ${n}`);
  lines.push("# HELP feeds_failing Feeds whose last fetch failed, per source.", "# TYPE feeds_failing gauge");
  const failingBySource = new Map(failing.map((f) => [f.sourceId, f._count._all]));
  for (const f of feeds)
    lines.push(`feeds_failing{source="${label(f.sourceId)}"} ${failingBySource.get(f.sourceId) ?? 0}`);
  lines.push(
    "# HELP feed_last_success_timestamp_seconds Last successful fetch of any feed of a source.",
    "# TYPE feed_last_success_timestamp_seconds gauge",
  );
  for (const f of feeds)
    if (f._max.lastSuccessAt)
      lines.push(
        `feed_last_success_timestamp_seconds{source="${label(f.sourceId)}"} ${Math.floor(f._max.lastSuccessAt.getTime() / 1000)}`,
      );
  return { feeds: lines, stored: storedCounts(articles, cards) };
}

/** The analysis cache's counters and size, from the shared database. */
function cacheMetrics(cache: CacheStats): string[] {
  const lookups = cache.hits + cache.misses;
  return [
    "# HELP analysis_cache_hits_total Analyses answered from the cache.",
    "# TYPE analysis_cache_hits_total counter",
    `analysis_cache_hits_total ${cache.hits}`,
    "# HELP analysis_cache_misses_total Analyses computed by a provider.",
    "# TYPE analysis_cache_misses_total counter",
    `analysis_cache_misses_total ${cache.misses}`,
    "# HELP analysis_cache_errors_total Cache reads or writes that failed.",
    "# TYPE analysis_cache_errors_total counter",
    `analysis_cache_errors_total ${cache.errors}`,
    "# HELP analysis_cache_entries Entries in the analysis cache.",
    "# TYPE analysis_cache_entries gauge",
    `analysis_cache_entries ${cache.size}`,
    "# HELP analysis_cache_hit_ratio Hits over hits plus misses.",
    "# TYPE analysis_cache_hit_ratio gauge",
    `analysis_cache_hit_ratio ${lookups ? (cache.hits / lookups).toFixed(4) : 0}`,
  ];
}

/** The stored articles and live cards, as gauges (they follow the cache's metrics in the output). */
const storedCounts = (articles: number, cards: number) => [
  "# HELP articles_stored Articles in the 72-hour store.",
  "# TYPE articles_stored gauge",
  `articles_stored ${articles}`,
  "# HELP comparison_cards_live Live comparison cards.",
  "# TYPE comparison_cards_live gauge",
  `comparison_cards_live ${cards}`,
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
  const lines = [
    renderRequestMetrics().trimEnd(),
    renderSameEventMetrics().trimEnd(),
    renderAnalysisOutcomes().trimEnd(),
    ...database.feeds,
    ...cacheMetrics(cache),
    ...database.stored,
    "# HELP outlet_profiles_computed_total Outlet profiles this instance computed (each outlet once per state of the news window).",
    "# TYPE outlet_profiles_computed_total counter",
    `outlet_profiles_computed_total ${computedProfiles()}`,
  ];
  return lines.join("\n") + "\n";
}
