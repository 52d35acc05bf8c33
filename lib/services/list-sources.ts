import "server-only";

/** The outlet list behind GET /api/v1/sources. */

import { getPrisma } from "@/lib/db";
import type { SourceInfo } from "@/lib/schemas/sources";
import { biasRatingOf } from "@/lib/sources/registry";

/** The known outlets with their availability, categories and last successful fetch. */
export async function listSources(): Promise<SourceInfo[]> {
  const rows = await getPrisma().source.findMany({
    orderBy: { name: "asc" },
    include: { feeds: { select: { category: true, lastSuccessAt: true }, orderBy: { category: "asc" } } },
  });
  return rows.map(({ feeds, ...s }) => {
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
    };
  });
}
