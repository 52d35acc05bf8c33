/**
 * The API's errors: one error class with its machine code and HTTP status (lib/schemas/errors.ts),
 * the domain's own errors mapped to it, and how an unreachable database is told from the rest.
 * Classifying errors is the edge's job alone: lib/ingest, lib/analysis and lib/workers raise their own.
 */

import { AnalysisError, AnalysisTimeoutError } from "@/lib/analysis/errors";
import { IngestRequestError } from "@/lib/ingest/errors";
import { ERROR_STATUS, type ErrorCode } from "@/lib/schemas/errors";
import { WorkerBusyError } from "@/lib/workers/errors";

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

/** A domain error as the API answers it; null for any other error. */
export function fromDomainError(error: unknown): ApiError | null {
  if (error instanceof AnalysisTimeoutError) return new ApiError("provider_timeout", error.message);
  if (error instanceof AnalysisError) return new ApiError("provider_error", error.message);
  if (error instanceof IngestRequestError) return new ApiError("validation_error", error.message);
  if (error instanceof WorkerBusyError) return new ApiError("service_unavailable", error.message);
  return null;
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
