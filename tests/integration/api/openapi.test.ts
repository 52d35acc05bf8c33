import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as openApiRoute } from "@/app/api/v1/openapi.json/route";
import { signAccessToken } from "@/lib/auth/tokens";
import { ROUTES, type RouteKey } from "@/lib/http/routes";
import { call } from "@/tests/helpers/api";
import { ROUTE_SAMPLES, routeHandler, seedRouteSamples } from "@/tests/helpers/route-samples";

/**
 * Issue 18: the OpenAPI 3.1 document is valid (checked by an OpenAPI validator against the
 * specification's own schemas), names every route of the access table with its access rule, and
 * says what the routes really answer: each route's actual answer to a valid request, and a
 * refused one's, match the document's schemas.
 */

type Operation = {
  operationId: string;
  "x-access": string;
  "x-rate-limit"?: string;
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content: Record<string, { schema: object }> }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

let doc: Doc;
let operatorToken = "";
const ajv = new Ajv2020({ strict: false, allErrors: true });
const operationOf = (key: RouteKey) => {
  const [method, path] = key.split(" ");
  return doc.paths[path.replace(/\[(\w+)\]/g, "{$1}")]?.[method.toLowerCase()];
};

beforeAll(async () => {
  await seedRouteSamples();
  operatorToken = (await signAccessToken({ username: "operator", role: "operator" })).token;
  const res = await call<Doc>(openApiRoute, "/api/v1/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/json");
  doc = res.json;
});

it("is a valid OpenAPI 3.1 document", async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");
});

it("describes exactly the routes of the access table, each with its access rule and rate limit", () => {
  const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
  );
  const declared = (Object.keys(ROUTES) as RouteKey[]).map((k) => k.replace(/\[(\w+)\]/g, "{$1}"));
  expect(documented.sort()).toEqual(declared.sort());
  for (const key of Object.keys(ROUTES) as RouteKey[]) {
    const rule = ROUTES[key] as { access: string; rateLimit?: string };
    expect(operationOf(key)["x-access"], key).toBe(rule.access);
    expect(operationOf(key)["x-rate-limit"], key).toBe(rule.rateLimit);
  }
  expect(
    new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId))).size,
  ).toBe(declared.length);
});

it("takes the parameters the routes validate: the feeds the card list's, a card its id in the path", () => {
  const names = (key: RouteKey) =>
    operationOf(key).parameters.map((p) => `${p.in}:${p.name}${p.required ? "!" : ""}`);
  expect(names("GET /api/v1/comparison-cards")).toEqual(["query:country", "query:category", "query:limit"]);
  expect(names("GET /api/v1/feeds/cards.atom")).toEqual(names("GET /api/v1/comparison-cards"));
  expect(names("GET /api/v1/feeds/blindspots.json")).toEqual(names("GET /api/v1/comparison-cards"));
  expect(names("GET /api/v1/comparison-cards/[id]")).toEqual(["path:id!"]);
  expect(names("GET /api/v1/sources/[id]")).toEqual(["path:id!"]);
  expect(names("GET /api/v1/search")).toEqual(["query:q!", "query:limit", "query:country"]);
  expect(Object.keys(operationOf("POST /api/v1/auth/login").requestBody!.content)).toEqual([
    "application/json",
  ]);
});

describe("every route's real answer matches the document", () => {
  for (const key of Object.keys(ROUTES) as RouteKey[]) {
    it(key, async () => {
      const sample = ROUTE_SAMPLES[key];
      const res = await call(await routeHandler(key), sample.path ?? key.split(" ")[1], {
        ...sample,
        method: key.split(" ")[0],
        token: sample.endsToken
          ? (await signAccessToken({ username: "operator", role: "operator" })).token
          : operatorToken,
      });
      expect(res.status).toBe(sample.ok);
      const type = res.headers.get("content-type")!.split(";")[0];
      const documented = operationOf(key).responses[String(res.status)].content[type];
      expect(documented, `${key} answers ${type}`).toBeDefined();
      const validate = ajv.compile(documented.schema);
      const body = type.endsWith("json") ? res.json : res.text;
      expect(validate(body) ? [] : validate.errors).toEqual([]);
    });
  }

  it("and so do refusals: the error envelope of the status", async () => {
    const key: RouteKey = "GET /api/v1/comparison-cards";
    const res = await call(await routeHandler(key), "/api/v1/comparison-cards", { query: { limit: "0" } });
    expect(res.status).toBe(400);
    const validate = ajv.compile(operationOf(key).responses["400"].content["application/json"].schema);
    expect(validate(res.json) ? [] : validate.errors).toEqual([]);
    const missing = await call(
      await routeHandler("GET /api/v1/comparison-cards/[id]"),
      "/api/v1/comparison-cards/nope",
      { params: { id: "nope" } },
    );
    const notFound = ajv.compile(
      operationOf("GET /api/v1/comparison-cards/[id]").responses["404"].content["application/json"].schema,
    );
    expect(notFound(missing.json) ? [] : notFound.errors).toEqual([]);
    const noOutlet = await call(await routeHandler("GET /api/v1/sources/[id]"), "/api/v1/sources/nope", {
      params: { id: "nope" },
    });
    expect(noOutlet.status).toBe(404);
    const outletNotFound = ajv.compile(
      operationOf("GET /api/v1/sources/[id]").responses["404"].content["application/json"].schema,
    );
    expect(outletNotFound(noOutlet.json) ? [] : outletNotFound.errors).toEqual([]);
  });
});
