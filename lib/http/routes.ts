/**
 * Every API route, who may call it and which rate limit applies: the one place access is
 * declared (the route() wrapper enforces it). docs/api.md describes the same table.
 *
 *   public    anyone; a token, if sent, is read but never required
 *   reader    a valid token of role reader or operator
 *   operator  a valid token of role operator
 *
 * The cron secret (`Authorization: Bearer <CRON_SECRET>`) is recognised on every route as the
 * "cron" principal; only the scheduler status route acts on it (it triggers a due run).
 *
 * A rate limit (lib/http/rate-limit.ts, ROUTE_LIMITS) counts every request of a client, valid or
 * not, and for generation and analysis every valid request of a token. A body is at most
 * BODY_RULES.smallBytes (lib/http/request-body.ts) unless the route takes a large one
 * (MAX_BODY_BYTES).
 */
import type { ContractKey } from "@/lib/schemas/api-contract";

export const ROUTES = {
  "GET /api/v1/health": { access: "public" },
  "POST /api/v1/auth/login": { access: "public", rateLimit: "login" }, // failures also per username: the login service
  "POST /api/v1/auth/logout": { access: "reader" }, // any user's token: it ends that token
  "GET /api/v1/comparison-cards/options": { access: "public" },
  "GET /api/v1/comparison-cards": { access: "public" },
  "GET /api/v1/comparison-cards/[id]": { access: "public" },
  "GET /api/v1/comparison-cards/status/scheduler": { access: "public" }, // cron secret: also triggers a due run
  "GET /api/v1/sources": { access: "public" },
  "GET /api/v1/sources/[id]": { access: "public", rateLimit: "outlet" }, // its page: counted in proxy.ts
  "GET /api/v1/search": { access: "public", rateLimit: "search" },
  "GET /api/v1/feeds/cards.atom": { access: "public" },
  "GET /api/v1/feeds/cards.json": { access: "public" },
  "GET /api/v1/feeds/blindspots.atom": { access: "public" },
  "GET /api/v1/feeds/blindspots.json": { access: "public" },
  "POST /api/v1/comparison-cards/generate": { access: "operator", rateLimit: "generate" },
  "POST /api/v1/comparison-cards/generate/on-demand": { access: "reader", rateLimit: "generate" },
  "POST /api/v1/analysis/compare-articles": { access: "reader", rateLimit: "analysis", largeBody: true },
  "GET /api/v1/analysis/provider": { access: "public" },
  "GET /api/v1/metrics": { access: "operator" },
  "GET /api/v1/openapi.json": { access: "public" },
} as const satisfies Record<ContractKey, RouteRule>;

export type Access = "public" | "reader" | "operator";
export type RouteRateLimit = "login" | "search" | "outlet" | "generate" | "analysis";
export interface RouteRule {
  access: Access;
  rateLimit?: RouteRateLimit;
  /** The body may be up to MAX_BODY_BYTES (an analysis request's articles); otherwise it is small. */
  largeBody?: true;
}
export type RouteKey = keyof typeof ROUTES;
