/**
 * One valid request per route of the access table, for the tests that go through every route
 * (the access matrix, the OpenAPI contract), and the route files found from the table.
 */

import { PUBLIC_READER } from "@/lib/public-reader";
import type { RouteKey } from "@/lib/http/routes";
import type { CallOptions, RouteHandler } from "@/tests/helpers/api";
import { insertStory } from "@/tests/helpers/cards";
import { resetIngest } from "@/tests/helpers/ingest";

const modules = import.meta.glob<Record<string, RouteHandler>>("/app/api/v1/**/route.ts");

/** The route file a key of the access table names. */
export const routeFileOf = (key: RouteKey) => `/app${key.split(" ")[1]}/route.ts`;

/** Every route file under app/api/v1. */
export const routeFiles = () => Object.keys(modules);

/** The handler of a route, by its key ("METHOD /path"). */
export async function routeHandler(key: RouteKey): Promise<RouteHandler> {
  const load = modules[routeFileOf(key)];
  if (!load) throw new Error(`No route file for ${key}`);
  return (await load())[key.split(" ")[0]];
}

/**
 * A valid request per route, the status it answers when the caller may call it, and the media
 * type of an answer that is not the JSON envelope. `endsToken`: the call ends the token it is sent
 * with (a logout), so a test sends a token of its own rather than one other calls share.
 */
export const ROUTE_SAMPLES: Record<
  RouteKey,
  CallOptions & { ok: number; path?: string; type?: RegExp; endsToken?: true }
> = {
  "GET /api/v1/health": { ok: 200 },
  "POST /api/v1/auth/login": { body: PUBLIC_READER, ok: 200 },
  "POST /api/v1/auth/logout": { ok: 200, endsToken: true },
  "GET /api/v1/comparison-cards/options": { ok: 200 },
  "GET /api/v1/comparison-cards": { query: { country: "us" }, ok: 200 },
  "GET /api/v1/comparison-cards/[id]": {
    path: "/api/v1/comparison-cards/c_matrix",
    params: { id: "c_matrix" },
    ok: 200,
  },
  "GET /api/v1/comparison-cards/status/scheduler": { ok: 200 },
  "GET /api/v1/sources": { ok: 200 },
  "GET /api/v1/sources/[id]": { path: "/api/v1/sources/bbc-news", params: { id: "bbc-news" }, ok: 200 },
  "GET /api/v1/search": { query: { q: "matrix" }, ok: 200 },
  "GET /api/v1/feeds/cards.atom": { query: { country: "us" }, ok: 200, type: /^application\/atom\+xml/ },
  "GET /api/v1/feeds/cards.json": { query: { country: "us" }, ok: 200, type: /^application\/feed\+json/ },
  "GET /api/v1/feeds/blindspots.atom": { ok: 200, type: /^application\/atom\+xml/ },
  "GET /api/v1/feeds/blindspots.json": { ok: 200, type: /^application\/feed\+json/ },
  "POST /api/v1/comparison-cards/generate": { body: { country: "ca" }, ok: 200 },
  "POST /api/v1/comparison-cards/generate/on-demand": {
    body: { country: "ca", category: "health" },
    ok: 200,
  },
  "POST /api/v1/analysis/compare-articles": {
    body: {
      articles: [
        {
          title: "Matrix bridge opens",
          source: "CNN",
          summary: "The bridge opened on Monday.",
          content: "The bridge opened on Monday in Springfield.",
        },
        {
          title: "Bridge opens in Springfield",
          source: "Fox News",
          summary: "Springfield bridge opened Monday.",
          content: "Springfield's bridge opened on Monday.",
        },
      ],
    },
    ok: 200,
  },
  "GET /api/v1/analysis/provider": { ok: 200 },
  "GET /api/v1/metrics": { ok: 200, type: /^text\/plain/ },
  "GET /api/v1/openapi.json": { ok: 200, type: /^application\/json/ },
};

/** What the samples need: the story "c_matrix", and every feed pointing at a closed local port (generation runs, never reaching a real outlet). */
export async function seedRouteSamples(): Promise<void> {
  await resetIngest(null);
  await insertStory({
    cardId: "c_matrix",
    articles: [
      { sourceId: "cnn", title: "Matrix bridge opens" },
      { sourceId: "fox-news", title: "Bridge opens in Springfield" },
    ],
  });
}
