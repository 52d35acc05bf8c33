/** The API's two response envelopes, success and failure. */

import { ERROR_STATUS, type ErrorCode } from "@/lib/schemas/errors";

/**
 * Envelopes of frozen success values, serialized once: a value answered many times as it is (a
 * cached analysis answer, frozen by lib/frozen.ts) then costs a copy of its bytes per answer
 * instead of a JSON.stringify (issue 25). A value freezes all the way down or not at all.
 */
const serialized = new WeakMap<object, Uint8Array<ArrayBuffer>>();

/** The success envelope: `{ success: true, data }`. */
export function ok<T>(data: T, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const status = init.status ?? 200;
  if (typeof data !== "object" || data === null || !Object.isFrozen(data))
    return Response.json({ success: true, data }, { status, headers: init.headers });
  let body = serialized.get(data);
  if (!body) serialized.set(data, (body = new TextEncoder().encode(JSON.stringify({ success: true, data }))));
  // Response.json's media type, unless the caller set one.
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  return new Response(body, { status, headers });
}

/** The failure envelope: `{ success: false, error, code, details?, requestId? }`. */
export function fail(
  code: ErrorCode,
  error: string,
  extra: {
    details?: unknown;
    data?: unknown;
    requestId?: string;
    headers?: Record<string, string>;
    status?: number;
  } = {},
): Response {
  const body: Record<string, unknown> = { success: false, error, code };
  if (extra.details !== undefined) body.details = extra.details;
  if (extra.data !== undefined) body.data = extra.data;
  if (extra.requestId) body.requestId = extra.requestId;
  return Response.json(body, { status: extra.status ?? ERROR_STATUS[code], headers: extra.headers });
}
