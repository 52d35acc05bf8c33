/**
 * The API's contract as an OpenAPI 3.1 document (GET /api/v1/openapi.json), generated from the
 * access table (who may call each route, its rate limit) and API_CONTRACT (the zod schemas each
 * route validates with and answers), so it says what the routes do. Schemas are JSON Schema
 * 2020-12, OpenAPI 3.1's own dialect: requests as zod reads them (defaults, coerced numbers),
 * answers as the services produce them.
 */
import "server-only";
import { z } from "zod";
import { ROUTES, type RouteKey } from "@/lib/http/routes";
import { API_CONTRACT, type RouteContract } from "@/lib/schemas/api-contract";
import { ERROR_STATUS, type ErrorCode } from "@/lib/schemas/errors";
import pkg from "@/package.json";

type JsonSchema = Record<string, unknown>;
type Io = "input" | "output";

/** A zod schema as JSON Schema 2020-12, inlined (no $defs: a $ref inside the document would point at its root). */
function jsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  const converted: JsonSchema = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    reused: "inline",
    unrepresentable: "throw",
  });
  // The document names its dialect once (jsonSchemaDialect).
  delete converted.$schema;
  return converted;
}

/** The failure envelope of every route (lib/http/respond.ts), its `code` narrowed to one status's codes. */
function errorEnvelope(codes: ErrorCode[]): JsonSchema {
  return jsonSchema(
    z.object({
      success: z.literal(false),
      error: z.string(),
      code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      data: z.unknown().optional(),
      requestId: z.string(),
    }),
    "output",
  );
}

/** "GET /api/v1/comparison-cards/[id]" → "getComparisonCardsById". */
function operationId(key: RouteKey): string {
  const [method, path] = key.split(" ");
  const words = path
    .replace("/api/v1/", "")
    .replace(/\[(\w+)\]/g, "by-$1")
    .split(/[/.-]/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

/** Every failure the route can answer, by status. */
function failures(key: RouteKey, contract: RouteContract): Map<number, ErrorCode[]> {
  const rule = ROUTES[key] as { access: string; rateLimit?: string };
  const codes: ErrorCode[] = [];
  if (contract.params || contract.query || contract.body) codes.push("validation_error");
  if (contract.body) codes.push("invalid_json", "bad_request", "payload_too_large", "unsupported_media_type");
  if (rule.access !== "public") codes.push("unauthorized", "forbidden");
  if (rule.rateLimit) codes.push("rate_limited");
  codes.push(...(contract.failures ?? []), "internal_error", "database_unavailable");
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes))
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** The route's path and query parameters, one per property of its schemas. */
function parameters(contract: RouteContract): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ["path", contract.params],
    ["query", contract.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, "input") as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const { description, ...propertySchema } = property;
      out.push({
        name,
        in: where,
        required: where === "path" || (object.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: propertySchema,
      });
    }
  }
  return out;
}

function operation(key: RouteKey, contract: RouteContract): JsonSchema {
  const rule = ROUTES[key] as { access: "public" | "reader" | "operator"; rateLimit?: string };
  const { answer } = contract;
  const success =
    answer.kind === "envelope"
      ? {
          description: "Success: the envelope `{ success: true, data }`.",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  success: { type: "boolean", const: true },
                  data: jsonSchema(answer.data, "output"),
                },
                required: ["success", "data"],
                additionalProperties: false,
              },
            },
          },
        }
      : {
          description: answer.description,
          content: { [answer.mediaType]: { schema: jsonSchema(answer.schema, "output") } },
        };
  const responses: Record<string, JsonSchema> = { 200: success };
  for (const [status, codes] of failures(key, contract)) {
    responses[status] = {
      description: `Failure: ${codes.join(", ")}.`,
      content: { "application/json": { schema: errorEnvelope(codes) } },
    };
  }
  const body = contract.body && jsonSchema(contract.body, "input");
  return {
    operationId: operationId(key),
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    tags: [
      key
        .split(" ")[1]
        .split("/")[3]
        .replace(/\.json$/, ""),
    ],
    // Public routes read a token when one is sent and never need it.
    security: rule.access === "public" ? [{}, { bearer: [] }] : [{ bearer: [] }],
    "x-access": rule.access,
    ...(rule.rateLimit ? { "x-rate-limit": rule.rateLimit } : {}),
    parameters: parameters(contract),
    ...(body
      ? {
          requestBody: {
            required: ((body.required as string[] | undefined) ?? []).length > 0,
            content: { "application/json": { schema: body } },
          },
        }
      : {}),
    responses,
  };
}

let built: JsonSchema | null = null;

/** The document (built once: it depends only on the code). */
export function buildOpenApiDocument(): JsonSchema {
  if (built) return built;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const key of Object.keys(API_CONTRACT) as RouteKey[]) {
    const [method, path] = key.split(" ");
    const openApiPath = path.replace(/\[(\w+)\]/g, "{$1}");
    paths[openApiPath] = { ...paths[openApiPath], [method.toLowerCase()]: operation(key, API_CONTRACT[key]) };
  }
  built = {
    openapi: "3.1.1",
    info: {
      title: "Global Multi-Source News Analysis API",
      version: pkg.version,
      description:
        "Comparison cards of how different outlets cover the same story, their analysis, feeds and sources. Every JSON " +
        "answer is `{ success: true, data }` or `{ success: false, error, code, details?, requestId }`; every answer " +
        "carries `x-request-id`. `x-access` says who may call an operation: public, reader or operator (a bearer token of that role).",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            "An access token from POST /api/v1/auth/login. The cron job sends its CRON_SECRET the same way.",
        },
      },
    },
    paths,
  };
  return built;
}
