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
 */
import type { ContractKey } from "@/lib/schemas/api-contract";

export const ROUTES = {
  "GET /api/v1/health": { access: "public" },
  "POST /api/v1/auth/login": { access: "public" }, // limited per IP and per username in the login service
  "GET /api/v1/comparison-cards/options": { access: "public" },
  "GET /api/v1/comparison-cards": { access: "public" },
  "GET /api/v1/comparison-cards/[id]": { access: "public" },
  "GET /api/v1/comparison-cards/status/scheduler": { access: "public" }, // cron secret: also triggers a due run
  "GET /api/v1/sources": { access: "public" },
  "GET /api/v1/search": { access: "public" },
  "GET /api/v1/feeds/cards.atom": { access: "public" },
  "GET /api/v1/feeds/cards.json": { access: "public" },
  "GET /api/v1/feeds/blindspots.atom": { access: "public" },
  "GET /api/v1/feeds/blindspots.json": { access: "public" },
  "POST /api/v1/comparison-cards/generate": { access: "operator", rateLimit: "generate" },
  "POST /api/v1/comparison-cards/generate/on-demand": { access: "reader", rateLimit: "generate" },
  "POST /api/v1/analysis/compare-articles": { access: "reader", rateLimit: "analysis" },
  "GET /api/v1/analysis/provider": { access: "public" },
  "GET /api/v1/metrics": { access: "operator" },
  "GET /api/v1/openapi.json": { access: "public" },
} as const satisfies Record<ContractKey, { access: Access; rateLimit?: TokenRateLimit }>;

export type Access = "public" | "reader" | "operator";
export type TokenRateLimit = "generate" | "analysis";
export type RouteKey = keyof typeof ROUTES;
