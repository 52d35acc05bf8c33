import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_READER } from "@/lib/auth/public-reader";
import { signAccessToken } from "@/lib/auth/tokens";
import { ROUTES, type RouteKey } from "@/lib/http/routes";
import { resetIngest } from "@/tests/helpers/ingest";
import { call, type CallOptions, type RouteHandler } from "@/tests/helpers/api";
import { insertStory } from "@/tests/helpers/cards";
import { TEST_CRON_SECRET } from "@/tests/setup/test-env";

/**
 * Every route × every kind of caller, with the exact status and envelope (issue 3). The
 * route files are found from the access table, so a route added to the table is covered.
 */

const modules = import.meta.glob<Record<string, RouteHandler>>("/app/api/v1/**/route.ts");
const fileOf = (key: RouteKey) => `/app${key.split(" ")[1]}/route.ts`;

/**
 * A valid request per route, the status it answers when the caller may call it, and the media
 * type of an answer that is not the JSON envelope.
 */
const SAMPLES: Record<RouteKey, CallOptions & { ok: number; path?: string; type?: RegExp }> = {
  "GET /api/v1/health": { ok: 200 },
  "POST /api/v1/auth/login": { body: PUBLIC_READER, ok: 200 },
  "GET /api/v1/comparison-cards/options": { ok: 200 },
  "GET /api/v1/comparison-cards": { query: { country: "us" }, ok: 200 },
  "GET /api/v1/comparison-cards/[id]": { path: "/api/v1/comparison-cards/c_matrix", params: { id: "c_matrix" }, ok: 200 },
  "GET /api/v1/comparison-cards/status/scheduler": { ok: 200 },
  "GET /api/v1/sources": { ok: 200 },
  "GET /api/v1/search": { query: { q: "matrix" }, ok: 200 },
  "GET /api/v1/feeds/cards.atom": { query: { country: "us" }, ok: 200, type: /^application\/atom\+xml/ },
  "GET /api/v1/feeds/cards.json": { query: { country: "us" }, ok: 200, type: /^application\/feed\+json/ },
  "GET /api/v1/feeds/blindspots.atom": { ok: 200, type: /^application\/atom\+xml/ },
  "GET /api/v1/feeds/blindspots.json": { ok: 200, type: /^application\/feed\+json/ },
  "POST /api/v1/comparison-cards/generate": { body: { country: "ca" }, ok: 200 },
  "POST /api/v1/comparison-cards/generate/on-demand": { body: { country: "ca", category: "health" }, ok: 200 },
  "POST /api/v1/analysis/compare-articles": {
    body: {
      articles: [
        { title: "Matrix bridge opens", source: "CNN", summary: "The bridge opened on Monday.", content: "The bridge opened on Monday in Springfield." },
        { title: "Bridge opens in Springfield", source: "Fox News", summary: "Springfield bridge opened Monday.", content: "Springfield's bridge opened on Monday." },
      ],
    },
    ok: 200,
  },
  "GET /api/v1/analysis/provider": { ok: 200 },
  "GET /api/v1/metrics": { ok: 200, type: /^text\/plain/ },
};

type Credential = "none" | "reader" | "operator" | "expired" | "tampered" | "cron";
const CREDENTIALS: Credential[] = ["none", "reader", "operator", "expired", "tampered", "cron"];
const tokens = {} as Record<Credential, string | undefined>;

beforeAll(async () => {
  // Every feed points at a closed local port: generation runs, and never reaches a real outlet.
  await resetIngest(null);
  tokens.none = undefined;
  tokens.reader = (await signAccessToken({ username: "reader", role: "reader" })).token;
  tokens.operator = (await signAccessToken({ username: "operator", role: "operator" })).token;
  tokens.expired = (await signAccessToken({ username: "operator", role: "operator" }, new Date(Date.now() - 24 * 3_600_000))).token;
  // A reader token whose payload claims the operator role, with the reader's signature.
  const [header, payload, signature] = tokens.reader.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  tokens.tampered = [header, Buffer.from(JSON.stringify({ ...claims, role: "operator" })).toString("base64url"), signature].join(".");
  tokens.cron = TEST_CRON_SECRET;
  await insertStory({
    cardId: "c_matrix",
    articles: [
      { sourceId: "cnn", title: "Matrix bridge opens" },
      { sourceId: "fox-news", title: "Bridge opens in Springfield" },
    ],
  });
});

function expectedFailure(access: string, credential: Credential) {
  if (access === "public") return null;
  if (credential === "none") return { status: 401, error: "Log in first: this request needs a bearer token." };
  if (credential === "expired") return { status: 401, error: "Your session has expired; log in again." };
  if (credential === "tampered") return { status: 401, error: "The access token is not valid; log in again." };
  if (credential === "cron") return { status: 403, error: `This request needs the ${access} role.` };
  if (access === "operator" && credential === "reader") return { status: 403, error: "This request needs the operator role." };
  return null;
}

it("every route file is declared in the access table, and every declared route has its file", () => {
  const declared = new Set(Object.keys(ROUTES).map((k) => fileOf(k as RouteKey)));
  expect(Object.keys(modules).filter((f) => !declared.has(f))).toEqual([]);
  expect([...declared].filter((f) => !modules[f])).toEqual([]);
});

for (const key of Object.keys(ROUTES) as RouteKey[]) {
  const [method, path] = key.split(" ");
  const load = modules[fileOf(key)];
  describe(key, () => {
    for (const credential of CREDENTIALS) {
      it(`${credential}`, async () => {
        const handler = (await load!())[method];
        const sample = SAMPLES[key];
        const res = await call(handler, sample.path ?? path, { ...sample, method, token: tokens[credential] });
        const failure = expectedFailure(ROUTES[key].access, credential);
        if (failure) {
          expect(res.status).toBe(failure.status);
          expect(res.json).toEqual({
            success: false,
            code: failure.status === 401 ? "unauthorized" : "forbidden",
            error: failure.error,
            requestId: res.headers.get("x-request-id"),
          });
          if (failure.status === 401) expect(res.headers.get("www-authenticate")).toBe('Bearer realm="api"');
        } else {
          expect(res.status).toBe(sample.ok);
          if (sample.type) expect(res.headers.get("content-type")).toMatch(sample.type);
          else expect(res.json).toMatchObject({ success: true, data: expect.anything() });
        }
      });
    }
  });
}
