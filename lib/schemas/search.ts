/**
 * GET /api/v1/search?q=&limit=&country= — the header's topic search over stored articles of
 * the 72-hour window (docs/decisions/042-topic-search.md).
 */

import { z } from "zod";
import { text } from "./common";
import { COUNTRY_IDS } from "@/lib/catalog";
import { comparisonCard, sourceRef } from "./cards";

export const SEARCH_LIMITS = {
  minQuery: 2,
  maxQuery: 100,
  maxLimit: 50,
  defaultLimit: 20,
  maxCountries: 5,
} as const;

const country = z.enum(COUNTRY_IDS);

export const searchQuery = z.object({
  q: text()
    .trim()
    .min(SEARCH_LIMITS.minQuery, `must be at least ${SEARCH_LIMITS.minQuery} characters`)
    .max(SEARCH_LIMITS.maxQuery),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxLimit).default(SEARCH_LIMITS.defaultLimit),
  /** Repeat to search in several countries (at most 5); absent: every country. */
  country: z
    .union([country, z.array(country).max(SEARCH_LIMITS.maxCountries)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? [...new Set(v)] : [v])),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchResult = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  url: z.string(),
  publishedAt: z.string(),
  imageUrl: z.string().nullable(),
  category: z.string(),
  countries: z.array(z.string()),
  source: sourceRef,
  /** The live comparison card holding the article, if any. */
  cardId: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const searchResponse = z.object({
  query: z.string(),
  results: z.array(searchResult),
  /** Live story cards holding matching articles, the story more outlets told first (at most `limit`). */
  cards: z.array(comparisonCard),
  metadata: z.object({
    count: z.number().int(),
    limit: z.number().int(),
    countries: z.array(z.string()),
    windowHours: z.number().int(),
  }),
});
export type SearchResponse = z.infer<typeof searchResponse>;
