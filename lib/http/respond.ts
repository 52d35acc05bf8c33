/** The API's two response envelopes, success and failure. */

import { ERROR_STATUS, type ErrorCode } from "@/lib/schemas/errors";

/** The success envelope: `{ success: true, data }`. */
export function ok<T>(data: T, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return Response.json({ success: true, data }, { status: init.status ?? 200, headers: init.headers });
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
