import "server-only";

/**
 * The one route wrapper. It owns, for every API route: the request id, access rules (from
 * ROUTES), rate limits, the body's media type, size and depth (lib/http/request-body.ts), zod
 * validation of params, query and body, the error envelope, 503 when the database is
 * unreachable, 500s that leak nothing, and the request log line. Handlers only parse-call-respond.
 */

import crypto from "node:crypto";
import { z } from "zod";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { clientAddress, clientKey } from "./client-address";
import { ApiError, fromDomainError, isDatabaseUnavailable } from "./errors";
import { resolvePrincipal, type Principal } from "./principal";
import { requestIdOf } from "./request-id";
import { consume, ROUTE_LIMITS } from "./rate-limit";
import { inTurn } from "@/lib/storage/yield";
import {
  BODY_RULES,
  bodyDigest,
  keepValidatedBody,
  parseJsonBytes,
  readJsonBody,
  readJsonBytes,
  validatedBody,
} from "./request-body";
import { fail, ok } from "./respond";
import { ROUTES, type RouteKey, type RouteRule } from "./routes";
import { recordRequest } from "./metrics";

export interface RouteInput<P, Q, B> {
  req: Request;
  params: P;
  query: Q;
  body: B;
  principal: Principal;
  requestId: string;
  /** The client's rate-limit bucket: its address, IPv6 by /64 (lib/http/client-address.ts). */
  client: string;
  log: typeof logger;
}

interface RouteSpec<P, Q, B> {
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
}

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
type Handler = (req: Request, ctx: NextContext) => Promise<Response>;

/** Requests slower than this are logged as warnings ("slow request"). */
const SLOW_REQUEST_MS = 2_000;

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length === 1 ? all[0] : all;
  }
  return out;
}

function validate<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: [where, ...i.path].join("."), message: i.message }));
  const first = issues[0];
  throw new ApiError("validation_error", `Invalid ${where}: ${first.path} ${first.message}`.trim(), {
    details: issues,
  });
}

/**
 * A large body, validated. It takes milliseconds to parse and as many to validate: each step in a
 * turn of its own, so twenty arriving together never hold the event loop (and the probe) together;
 * and bytes this route validated lately are not parsed again (keepValidatedBody).
 */
async function readLargeBody<B>(req: Request, maxBytes: number, key: RouteKey, schema: z.ZodType<B>) {
  const bytes = await readJsonBytes(req, maxBytes);
  const digest = await inTurn(() => bodyDigest(bytes));
  const kept = validatedBody(key, digest);
  if (kept) return kept.body as B;
  const raw = await inTurn(() => parseJsonBytes(bytes));
  const body = await inTurn(() => validate(schema, raw ?? {}, "body"));
  keepValidatedBody(key, digest, body, bytes.byteLength);
  return body;
}

function authorize(key: RouteKey, principal: Principal): void {
  const rule = ROUTES[key];
  if (rule.access === "public") return;
  if (principal.kind === "anonymous") {
    const message =
      principal.failure === "expired"
        ? "Your session has expired; log in again."
        : principal.failure === "invalid"
          ? "The access token is not valid; log in again."
          : "Log in first: this request needs a bearer token.";
    throw new ApiError("unauthorized", message, { headers: { "WWW-Authenticate": 'Bearer realm="api"' } });
  }
  const role = principal.kind === "user" ? principal.user.role : "cron";
  const allowed = rule.access === "reader" ? role === "reader" || role === "operator" : role === "operator";
  if (!allowed) throw new ApiError("forbidden", `This request needs the ${rule.access} role.`);
}

function toResponse(thrown: unknown, requestId: string, log: typeof logger): Response {
  const error = fromDomainError(thrown) ?? thrown;
  if (error instanceof ApiError) {
    return fail(error.code, error.message, {
      details: error.options.details,
      data: error.options.data,
      requestId,
      headers: error.options.headers,
    });
  }
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, "database unavailable");
    return fail("database_unavailable", "The database is unavailable; try again shortly.", {
      requestId,
      headers: { "Retry-After": "5" },
    });
  }
  log.error({ err: error }, "unhandled error");
  return fail("internal_error", "Internal server error.", { requestId });
}

/** Wraps a handler for the route `key` ("METHOD /path"), whose access rule lives in ROUTES. */
export function route<P = undefined, Q = undefined, B = undefined>(
  key: RouteKey,
  spec: RouteSpec<P, Q, B>,
  handler: (input: RouteInput<P, Q, B>) => Promise<unknown>,
): Handler {
  return async (req, ctx) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    const url = new URL(req.url);
    const log = logger.child({ reqId: requestId });
    const client = clientKey(clientAddress(req));
    let response: Response;
    let principal: Principal = { kind: "anonymous" };
    try {
      const rule: RouteRule = ROUTES[key];
      principal = await resolvePrincipal(req, rule.access);
      authorize(key, principal);
      // Every request of a client counts, before anything of it is read: a refused one too.
      const limits = rule.rateLimit && ROUTE_LIMITS[rule.rateLimit];
      if (limits) await consume(limits.client, client);
      const params = validate(spec.params, (await ctx?.params) ?? {}, "params");
      const query = validate(spec.query, queryObject(url), "query");
      const maxBytes = rule.largeBody
        ? env.MAX_BODY_BYTES
        : Math.min(BODY_RULES.smallBytes, env.MAX_BODY_BYTES);
      const body = !spec.body
        ? (undefined as B)
        : rule.largeBody
          ? await readLargeBody(req, maxBytes, key, spec.body)
          : validate(spec.body, (await readJsonBody(req, maxBytes)) ?? {}, "body");
      // And every valid request of the token (its verified id): a fresh token is free, an address is not.
      if (limits && "token" in limits && principal.kind === "user")
        await consume(limits.token, principal.tokenId);
      const result = await handler({ req, params, query, body, principal, requestId, client, log });
      response = result instanceof Response ? result : ok(result);
    } catch (error) {
      response = toResponse(error, requestId, log);
    }
    response.headers.set("x-request-id", requestId);
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    const ms = performance.now() - started;
    recordRequest(key, response.status, ms);
    const line = {
      method: req.method,
      path: url.pathname,
      status: response.status,
      ms: Math.round(ms * 10) / 10,
      who: principal.kind === "user" ? principal.user.role : principal.kind,
    };
    // A slow answer is a warning, so it shows at LOG_LEVEL=warn (and in bench:soak's count).
    if (ms >= SLOW_REQUEST_MS) log.warn(line, "slow request");
    else log.info(line, "request");
    return response;
  };
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * Exports for every method of a route file: the given handlers, and for the rest a 405 in
 * the envelope with an Allow header (Next's own 405 has no body).
 */
export function methods(handlers: Partial<Record<Method, Handler>>): Record<Method, Handler> {
  const allow = Object.keys(handlers).join(", ");
  const notAllowed: Handler = async (req) => {
    const requestId = crypto.randomUUID();
    return fail("method_not_allowed", `${req.method} is not allowed here; use ${allow}.`, {
      requestId,
      headers: { Allow: allow, "x-request-id": requestId },
    });
  };
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? notAllowed])) as Record<Method, Handler>;
}
