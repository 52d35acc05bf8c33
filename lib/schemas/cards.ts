/**
 * The comparison-card contract (docs/product.md §3 "Backend comparison card", §7), shared by the routes,
 * the services and the browser. The contract's fields first (docs/product.md §3); the rest are our additions (bias bar,
 * blindspot, confidence, demo marker), all optional to read.
 */

import { z } from "zod";
import { text } from "./common";
import { CATEGORY_IDS, COUNTRY_IDS } from "@/lib/catalog";
import { BIAS_RATINGS, PAYWALLS } from "@/lib/sources/registry";

export const biasRating = z.enum(BIAS_RATINGS);

/** Whether a reader must pay to read the outlet: never, after a few articles, or always (decision 120). */
export const paywall = z.enum(PAYWALLS);

export const sourceRef = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string(),
  country: z.string(),
  biasRating,
  /** Who rated the outlet (docs/decisions/003-bias-ratings.md). */
  biasRatingSource: z.string(),
  color: z.string(),
  icon: z.string(),
  paywall,
});
export type SourceRef = z.infer<typeof sourceRef>;

/** An article as a card shows it (docs/product.md §3: title, description, source {name}, url, publishedAt, urlToImage). */
export const cardArticle = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  source: sourceRef,
  url: z.string(),
  publishedAt: z
    .string()
    .describe("When this article was published (ISO 8601): its own time, never the card's creation time."),
  urlToImage: z.string().nullable(),
});
export type CardArticle = z.infer<typeof cardArticle>;

/** How the card's outlets spread over the three bias ratings, and which side is missing. */
export const biasDistribution = z.object({
  left: z.number().int().min(0), // outlets rated center-left
  center: z.number().int().min(0),
  right: z.number().int().min(0), // outlets rated center-right
  /** "left" or "right" when that side has no outlet in the card while the other has. */
  blindspot: z.enum(["left", "right"]).nullable(),
  ratingSource: z.string(),
});

export const comparisonCard = z.object({
  cardId: z.string(),
  topic: z.string(),
  mainHeadline: cardArticle,
  relatedArticles: z.array(cardArticle),
  category: z.string(),
  country: z.string(),
  totalArticles: z.number().int().min(1),
  createdAt: z.string(),
  summary: z.string().optional(),
  // Additions.
  updatedAt: z.string(),
  countries: z.array(z.string()),
  sourceCount: z.number().int().min(1),
  /** How sure the clustering is that these articles report one event, 0..1. */
  confidence: z.number().min(0).max(1),
  bias: biasDistribution,
  isDemo: z.boolean(),
});
export type ComparisonCard = z.infer<typeof comparisonCard>;

export const cardListQuery = z.object({
  country: z.enum(COUNTRY_IDS).optional(),
  category: z.enum(CATEGORY_IDS).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type CardListQuery = z.infer<typeof cardListQuery>;

export const cardListMetadata = z.object({
  /** "landing" when neither country nor category was given (docs/product.md §7), else "pair". */
  selection: z.enum(["landing", "pair"]),
  countries: z.array(z.string()),
  category: z.string(),
  limit: z.number().int(),
  count: z.number().int(),
  /** Present when a valid pair has no cards: the client may ask for on-demand generation. */
  suggestion: z.literal("on_demand_generation").optional(),
  /** True when the cards come from the bundled demo snapshot (no real feed was reachable). */
  isDemo: z.boolean(),
  lastUpdated: z.string().nullable(),
  /** The landing selection only: the window's stories outside it, and the pairs that show them (decision 143). */
  otherSelections: z
    .object({
      stories: z.number().int().min(0),
      selections: z.array(
        z.object({ country: z.string(), category: z.string(), stories: z.number().int().min(1) }),
      ),
    })
    .optional(),
});

export const cardListResponse = z.object({
  comparisonCards: z.array(comparisonCard),
  metadata: cardListMetadata,
});
export type CardListResponse = z.infer<typeof cardListResponse>;

/** One article of a card in full (GET /comparison-cards/{id}). */
export const fullArticle = cardArticle.extend({
  summary: z.string(),
  content: z.string(),
  author: z.string().nullable(),
  category: z.string(),
  countries: z.array(z.string()),
  position: z.number().int().min(0),
});
export type FullArticle = z.infer<typeof fullArticle>;

/** One report of a story: which outlet published which article when. */
export const coverageEntry = z.object({
  sourceId: z.string(),
  articleId: z.string(),
  publishedAt: z.string(), // ISO 8601
});

/** How the story's coverage grew: who reported it first, the last report, and every report oldest first. */
export const coverage = z.object({
  firstPublishedAt: z.string(),
  firstSourceId: z.string(),
  lastPublishedAt: z.string(),
  timeline: z.array(coverageEntry).min(1),
});
export type Coverage = z.infer<typeof coverage>;

export const cardDetail = comparisonCard.extend({
  articles: z.array(fullArticle),
  coverage,
  /** Set when the requested id was retired (its story merged or split) and this card carries it on. */
  supersedes: z.string().optional(),
});
export type CardDetail = z.infer<typeof cardDetail>;

export const cardIdParams = z.object({
  id: text()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, "is not a card id"),
});

export const generateBody = z.object({ country: z.enum(COUNTRY_IDS).default("us") });

/** What operator generation did: the ingest run's outcome and the cards it left. */
export const generateSummary = z.object({
  country: z.string(),
  runId: z.string(),
  status: z.enum(["succeeded", "partial", "failed"]),
  durationMs: z.number(),
  sources: z.number().int(),
  feeds: z.number().int(),
  articles: z.object({
    new: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    failedFeeds: z.number().int(),
  }),
  unavailable: z.array(z.object({ sourceId: z.string(), name: z.string(), reason: z.string() })),
  cards: z.object({
    total: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    retired: z.number().int(),
  }),
  failures: z.array(
    z.object({ sourceId: z.string(), category: z.string(), status: z.string(), error: z.string() }),
  ),
});
export type GenerateSummary = z.infer<typeof generateSummary>;

/** The countries and categories the product supports and the landing selection (docs/product.md §3 "Comparison options"). */
export const cardOptions = z.object({
  available: z.object({ countries: z.array(z.enum(COUNTRY_IDS)), categories: z.array(z.enum(CATEGORY_IDS)) }),
  landingPage: z.object({
    countries: z.array(z.enum(COUNTRY_IDS)),
    categories: z.array(z.enum(CATEGORY_IDS)),
  }),
  total: z.object({
    countries: z.number().int(),
    categories: z.number().int(),
    combinations: z.number().int(),
  }),
});

export const onDemandBody = z.object({ country: z.enum(COUNTRY_IDS), category: z.enum(CATEGORY_IDS) });

/** Why on-demand generation did or did not produce cards. */
export const onDemandAction = z.enum([
  "generated", // new cards exist for the pair
  "already_available", // the pair already had cards; nothing to do
  "no_new_articles", // feeds were fresh or fetched, but no story is covered by two outlets
  "no_feeds", // no outlet publishes a feed for this pair
]);

export const onDemandResponse = z.object({
  action: onDemandAction,
  country: z.string(),
  category: z.string(),
  cards: z.number().int().min(0),
  fetchedFeeds: z.number().int().min(0),
  message: z.string(),
});
export type OnDemandResponse = z.infer<typeof onDemandResponse>;
