/** The API's errors: one error class, its machine codes and their HTTP statuses. */

/** Machine codes of the error envelope and the HTTP status each answers with. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_error: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  provider_error: 502,
  service_unavailable: 503,
  database_unavailable: 503,
  provider_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error class of the API: `throw new ApiError("not_found", "Card abc not found")`. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { details?: unknown; headers?: Record<string, string>; data?: unknown } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }
}

const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03", // admin shutdown, crash shutdown, cannot connect now
  "08000",
  "08001",
  "08003",
  "08004",
  "08006", // connection exceptions
  "P1001",
  "P1002",
  "P1017", // Prisma: can't reach, timed out, server closed the connection
  "database_locked",
]);
const UNREACHABLE_TEXT =
  /connection terminated|connection refused|timeout exceeded when trying to connect|can't reach database|server closed the connection|Connection ended unexpectedly|is in use by another process|terminating connection/i;

/** True when an error means the database cannot be reached (rather than a bug or bad data). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const e = current as {
      code?: unknown;
      originalCode?: unknown;
      kind?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    for (const code of [e.code, e.originalCode])
      if (typeof code === "string" && UNREACHABLE_CODES.has(code)) return true;
    if (e.kind === "DatabaseNotReachable" || e.kind === "ConnectionClosed" || e.kind === "SocketTimeout")
      return true;
    if (typeof e.message === "string" && UNREACHABLE_TEXT.test(e.message)) return true;
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}
