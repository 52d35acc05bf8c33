import "server-only";

/** Which outlets cover a country, for generation by country. */

import { getPrisma } from "@/lib/db";

/**
 * Ids of the outlets that cover a country (home country or coverage list), including those
 * without a feed: an ingest reports them as unavailable rather than skipping them silently.
 */
export async function sourcesCovering(country: string): Promise<string[]> {
  const rows = await getPrisma().source.findMany({
    where: { OR: [{ country }, { coverage: { has: country } }] },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => r.id);
}
