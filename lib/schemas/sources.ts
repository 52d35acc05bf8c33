/**
 * The outlet contract: one entry of GET /api/v1/sources, and an outlet's profile,
 * GET /api/v1/sources/{id} (issue 26): its ownership, paywall, feeds, and what it covered and
 * left out in the news window.
 */

import { z } from "zod";
import { OWNERSHIP_KINDS } from "@/lib/sources/registry";
import { biasRating, paywall } from "./cards";
import { text } from "./common";

/** Who owns the outlet and what pays for it, as public facts stood on `asOf` (decision 120). */
export const ownership = z.object({
  kind: z.enum(OWNERSHIP_KINDS),
  owner: z.string(),
  funding: z.string(),
  /** YYYY-MM-DD. */
  asOf: z.string(),
});

export const sourceInfo = z.object({
  id: z.string(),
  name: z.string(),
  homepage: z.string(),
  url: z.string().nullable(),
  color: z.string(),
  icon: z.string(),
  biasRating,
  biasRatingSource: z.string(),
  region: z.string(),
  country: z.string(),
  coverage: z.array(z.string()),
  /** False when the outlet publishes no usable public feed; unavailableReason says why. */
  available: z.boolean(),
  unavailableReason: z.string().nullable(),
  categories: z.array(z.string()),
  lastSuccessAt: z.string().nullable(),
  ownership,
  paywall,
});
export type SourceInfo = z.infer<typeof sourceInfo>;

/**
 * A story counts as left out by an outlet when at least this many outlets covered it: two outlets
 * meeting on a story is common chance on a busy day, three is a story its peers judged worth telling.
 */
export const LEFT_OUT_MIN_OUTLETS = 3;

export const sourceIdParams = z.object({
  id: text()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[a-z0-9-]+$/, "is not an outlet id"),
});

/** One feed of the outlet: when it was last fetched and whether that worked, in words only. */
export const sourceFeed = z.object({
  category: z.string(),
  url: z.string(),
  lastFetchedAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /**
   * "ok", "failing" (problem says how, in a few words), "offline" (its host could not be reached
   * while no outlet's feed could: the server has no network) or "not fetched yet".
   */
  status: z.enum(["ok", "failing", "offline", "not fetched yet"]),
  /** The class of the last failure ("timed out", "HTTP 5xx"), never the host's own text. */
  problem: z.string().nullable(),
  /** Articles of this feed published in the news window. */
  itemsInWindow: z.number().int().min(0),
});

/** A story of the window the outlet covered. */
export const coveredStory = z.object({
  cardId: z.string(),
  topic: z.string(),
  category: z.string(),
  countries: z.array(z.string()),
  latestPublishedAt: z.string(),
  /** How many other outlets covered it. */
  otherOutlets: z.number().int().min(0),
  /** Whether this outlet's report is the story's earliest. */
  reportedFirst: z.boolean(),
});

/** A story of the window several outlets covered, in the outlet's categories and countries, that it did not. */
export const leftOutStory = z.object({
  cardId: z.string(),
  topic: z.string(),
  category: z.string(),
  countries: z.array(z.string()),
  latestPublishedAt: z.string(),
  outlets: z.number().int().min(1),
});

export const sourceProfile = sourceInfo.extend({
  feeds: z.array(sourceFeed),
  window: z.object({ hours: z.number().int(), from: z.string() }),
  /** The outlet's articles published in the window (its feeds' items, and any demo or feedless ones). */
  itemsInWindow: z.number().int().min(0),
  /** Of them, those from the bundled demo snapshot (no feed). */
  demoItemsInWindow: z.number().int().min(0),
  /** Of them, those a live story of the window holds (the others are in no story). */
  itemsInStories: z.number().int().min(0),
  covered: z.object({
    /** Every story of the window it covered; `stories` lists the newest of them. */
    total: z.number().int().min(0),
    stories: z.array(coveredStory),
  }),
  leftOut: z.object({
    /** A story counts when at least this many outlets covered it. */
    minOutlets: z.number().int().min(2),
    total: z.number().int().min(0),
    stories: z.array(leftOutStory),
  }),
});
export type SourceProfile = z.infer<typeof sourceProfile>;
