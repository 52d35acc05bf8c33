import "server-only";

/** Which outlets cover a country, for generation by country. */

import { getPrisma } from "@/lib/db";
import { sourceIdsCovering } from "@/lib/storage/sources";

/**
 * Ids of the outlets that cover a country (home country or coverage list), including those
 * without a feed: an ingest reports them as unavailable rather than skipping them silently.
 */
export function sourcesCovering(country: string): Promise<string[]> {
  return sourceIdsCovering(getPrisma(), country);
}
