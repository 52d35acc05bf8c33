/**
 * Which known outlet an analysed article comes from, and its bias rating, by the source name the
 * request gives.
 */

import { KNOWN_SOURCES, type BiasRating, type KnownSource } from "@/lib/sources/registry";

/** An article's outlet: who published it, as far as the request's `source` name tells. */
export interface Outlet {
  /** Identity for "independent outlets": the registry id, else the normalised name. */
  key: string;
  /** The name as the request gave it (shown in texts; it is part of the cited article). */
  name: string;
  rating: BiasRating | null;
}

const normal = (s: string) =>
  s
    .toLowerCase()
    .replace(/^the\s+/, "")
    .replace(/[^\p{L}\p{N}]+/gu, "");
const BY_NAME = new Map<string, KnownSource>();
for (const s of KNOWN_SOURCES) {
  BY_NAME.set(normal(s.name), s);
  BY_NAME.set(normal(s.id), s);
}

/** Matches a source name to a known outlet case-insensitively ("bbc news", "The Guardian"); unknown outlets have no rating. */
export function outletOf(source: string): Outlet {
  const known = BY_NAME.get(normal(source));
  return known
    ? { key: known.id, name: source.trim(), rating: known.biasRating }
    : { key: `name:${normal(source)}`, name: source.trim(), rating: null };
}
