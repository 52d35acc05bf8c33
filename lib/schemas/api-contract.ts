/**
 * Every route of the API with the zod schemas of what it takes (params, query, body) and what it
 * answers. The routes validate with these very schemas (`route(key, API_CONTRACT[key], …)`), and
 * GET /api/v1/openapi.json is generated from them, so the document cannot drift from what the
 * routes accept. The access table (lib/http/routes.ts) must name exactly these routes, or it does
 * not compile.
 */
import { z } from "zod";
import { compareArticlesBody, compareArticlesResponse, providerInfo } from "./analysis";
import { loginBody, loginResponse, logoutResponse } from "./auth";
import {
  cardDetail,
  cardIdParams,
  cardListQuery,
  cardListResponse,
  cardOptions,
  generateBody,
  generateSummary,
  onDemandBody,
  onDemandResponse,
} from "./cards";
import { noQuery } from "./common";
import type { ErrorCode } from "./errors";
import { jsonFeed } from "./feeds";
import { health, healthQuery, liveness, publicHealth } from "./health";
import { schedulerStatus } from "./scheduler";
import { searchQuery, searchResponse } from "./search";
import { LEFT_OUT_MIN_OUTLETS, sourceIdParams, sourceInfo, sourceProfile } from "./sources";

/** How a route answers on success. */
export type Answer =
  /** The JSON envelope `{ success: true, data }`, `data` of this schema. */
  | { kind: "envelope"; data: z.ZodType }
  /** A document of its own format (a feed, metrics text, the OpenAPI document). */
  | { kind: "document"; mediaType: string; schema: z.ZodType; description: string };

export interface RouteContract {
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer: Answer;
  /**
   * Failures this route has of its own. Those every route of its kind has (validation, access,
   * rate limit, a body's size and type, 500, an unreachable database) follow from the rest.
   */
  failures?: readonly ErrorCode[];
}

const envelope = (data: z.ZodType): Answer => ({ kind: "envelope", data });
const atom = {
  kind: "document",
  mediaType: "application/atom+xml",
  schema: z.string(),
  description: "An Atom 1.0 feed.",
} as const;
const feedJson = {
  kind: "document",
  mediaType: "application/feed+json",
  schema: jsonFeed,
  description: "A JSON Feed 1.1 feed.",
} as const;
const FEED =
  "Same query and defaults as GET /api/v1/comparison-cards. One entry per story, linking to its page /stories/{cardId}.";
const BLINDSPOTS = `${FEED} Only stories that outlets of one side cover (center-left and no center-right, or the reverse), among the selection's newest 100 cards.`;

export const API_CONTRACT = {
  "GET /api/v1/health": {
    summary: "Liveness (probe=live) or readiness of this instance",
    description:
      "Readiness answers 503 (database_unavailable, or service_unavailable while shutting down) with the same object under `data`.",
    query: healthQuery,
    answer: envelope(z.union([health, publicHealth, liveness])),
    failures: ["service_unavailable"],
  },
  "POST /api/v1/auth/login": {
    summary: "Log in; answers an access token",
    body: loginBody,
    answer: envelope(loginResponse),
    // Wrong credentials, and too many attempts for one username or from one address.
    failures: ["unauthorized", "rate_limited"],
  },
  "POST /api/v1/auth/logout": {
    summary: "Log out: the token this is called with is refused from now on",
    description:
      "Ends the bearer token before its expiry, on every instance. Takes no body; a second call with the same token answers 401.",
    query: noQuery,
    answer: envelope(logoutResponse),
  },
  "GET /api/v1/comparison-cards/options": {
    summary: "Supported countries and categories, and the landing selection",
    query: noQuery,
    answer: envelope(cardOptions),
  },
  "GET /api/v1/comparison-cards": {
    summary: "Newest comparison cards of a country/category pair, or of the landing selection",
    description:
      "Neither country nor category: the landing selection (six countries, category general). A country alone means category general.",
    query: cardListQuery,
    answer: envelope(cardListResponse),
  },
  "GET /api/v1/comparison-cards/[id]": {
    summary: "One card with every article in full and how its coverage grew",
    description:
      "A retired id answers the card that carries its story on, with `supersedes` naming the old id.",
    params: cardIdParams,
    answer: envelope(cardDetail),
    failures: ["not_found"],
  },
  "GET /api/v1/comparison-cards/status/scheduler": {
    summary: "Scheduler state and each outlet's feed health",
    description:
      "With `Authorization: Bearer <CRON_SECRET>` it first refreshes the due feeds and adds `triggered`.",
    query: noQuery,
    answer: envelope(schedulerStatus),
  },
  "GET /api/v1/sources": {
    summary: "The 19 known outlets, with their ownership, funding and paywall",
    query: noQuery,
    answer: envelope(z.array(sourceInfo)),
  },
  "GET /api/v1/sources/[id]": {
    summary: "One outlet's profile: ownership, paywall, feeds, and what it covered and left out",
    description: `The stories of the last 72 hours it covered (each with how many other outlets did and whether it reported first), and those at least ${LEFT_OUT_MIN_OUTLETS} outlets covered in its categories and countries that it did not.`,
    params: sourceIdParams,
    query: noQuery,
    answer: envelope(sourceProfile),
    failures: ["not_found"],
  },
  "GET /api/v1/search": {
    summary: "Topic search over the stored articles of the last 72 hours",
    query: searchQuery,
    answer: envelope(searchResponse),
  },
  "GET /api/v1/feeds/cards.atom": {
    summary: "Atom feed of a selection's stories",
    description: FEED,
    query: cardListQuery,
    answer: atom,
  },
  "GET /api/v1/feeds/cards.json": {
    summary: "JSON Feed of a selection's stories",
    description: FEED,
    query: cardListQuery,
    answer: feedJson,
  },
  "GET /api/v1/feeds/blindspots.atom": {
    summary: "Atom feed of a selection's blindspot stories",
    description: BLINDSPOTS,
    query: cardListQuery,
    answer: atom,
  },
  "GET /api/v1/feeds/blindspots.json": {
    summary: "JSON Feed of a selection's blindspot stories",
    description: BLINDSPOTS,
    query: cardListQuery,
    answer: feedJson,
  },
  "POST /api/v1/comparison-cards/generate": {
    summary: "Ingest every feed of the outlets covering a country, then re-cluster",
    description:
      "One ingest at a time across instances: 409 while another runs, with Retry-After and the time to try again in the message.",
    body: generateBody,
    answer: envelope(generateSummary),
    failures: ["conflict"],
  },
  "POST /api/v1/comparison-cards/generate/on-demand": {
    summary: "Build cards for one country/category pair, fetching its feeds first when stale",
    body: onDemandBody,
    answer: envelope(onDemandResponse),
  },
  "POST /api/v1/analysis/compare-articles": {
    summary: "Compare a card's articles: common points, differences, bias, factual accuracy, tone",
    body: compareArticlesBody,
    answer: envelope(compareArticlesResponse),
    failures: ["provider_error", "provider_timeout", "service_unavailable"],
  },
  "GET /api/v1/analysis/provider": {
    summary: "Who answers analyses on this server",
    query: noQuery,
    answer: envelope(providerInfo),
  },
  "GET /api/v1/metrics": {
    summary: "Prometheus metrics of this instance and the shared database",
    query: noQuery,
    answer: {
      kind: "document",
      mediaType: "text/plain",
      schema: z.string(),
      description: "Prometheus text format 0.0.4.",
    },
  },
  "GET /api/v1/openapi.json": {
    summary: "This document: the API's contract as OpenAPI 3.1",
    query: noQuery,
    answer: {
      kind: "document",
      mediaType: "application/json",
      schema: z.object({ openapi: z.string() }).loose(),
      description: "An OpenAPI 3.1 document.",
    },
  },
} as const satisfies Record<string, RouteContract>;

/** "METHOD /path" of every route; the access table (lib/http/routes.ts) must name exactly these. */
export type ContractKey = keyof typeof API_CONTRACT;
