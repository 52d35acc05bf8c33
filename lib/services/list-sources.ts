import "server-only";

/** The outlet list behind GET /api/v1/sources, and one outlet's entry for its profile. */

import { getPrisma } from "@/lib/db";
import type { SourceInfo } from "@/lib/schemas/sources";
import { biasRatingOf, knownSource } from "@/lib/sources/registry";
import { listSourceRows, type SourceRow } from "@/lib/storage/sources";

/**
 * A stored outlet as the API lists it, with its ownership and paywall from the registry
 * (decision 120); null for a row the registry no longer names.
 */
export function toSourceInfo({ feeds, ...s }: SourceRow): SourceInfo | null {
  const known = knownSource(s.id);
  if (!known) return null;
  const successes = feeds.map((f) => f.lastSuccessAt?.getTime() ?? 0).filter(Boolean);
  return {
    id: s.id,
    name: s.name,
    homepage: s.homepage,
    url: s.url,
    color: s.color,
    icon: s.icon,
    biasRating: biasRatingOf(s.biasRating),
    biasRatingSource: s.biasRatingSource,
    region: s.region,
    country: s.country,
    coverage: s.coverage,
    available: s.available,
    unavailableReason: s.unavailableReason,
    categories: feeds.map((f) => f.category),
    lastSuccessAt: successes.length ? new Date(Math.max(...successes)).toISOString() : null,
    ownership: known.ownership,
    paywall: known.paywall,
  };
}

/** The known outlets with their availability, categories, last successful fetch, ownership and paywall. */
export async function listSources(): Promise<SourceInfo[]> {
  const rows = await listSourceRows(getPrisma());
  return rows.flatMap((row) => toSourceInfo(row) ?? []);
}
