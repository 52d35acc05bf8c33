/**
 * The browser's API client (docs/product.md §7, §8): base path /api/v1, JSON with the optional bearer
 * token, and one error rule — the server's `error` field, else `message`, else
 * 'HTTP error! status: {status}' — logged as 'API request failed for {path}' and rethrown.
 */

export const API_BASE = "/api/v1";

/** An API failure with the HTTP status and the envelope's machine code when there was one. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

export interface RequestOptions {
  method?: "GET" | "POST";
  body?: unknown;
  token?: string | null;
  signal?: AbortSignal;
}

/** The message docs/product.md §8 raises for a response that is not OK. */
export function errorMessage(status: number, body: unknown): string {
  if (body && typeof body === "object") {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === "string" && error) return error;
    if (typeof message === "string" && message) return message;
  }
  return `HTTP error! status: ${status}`;
}

/** GET /health (docs/product.md §7): the JSON body as is; a failure is logged as 'Health check failed' and rethrown. */
export async function checkHealth(fetchImpl: typeof fetch = fetch): Promise<unknown> {
  try {
    const res = await fetchImpl(`${API_BASE}/health`);
    const body: unknown = await res.json();
    if (!res.ok) throw new ApiRequestError(errorMessage(res.status, body), res.status);
    return body;
  } catch (error) {
    console.error("Health check failed", error);
    throw error;
  }
}

/** Calls `path` under /api/v1 and answers the envelope's `data`. */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions = {},
  fetchImpl: typeof fetch = fetch,
): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  try {
    const res = await fetchImpl(`${API_BASE}${path}`, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const code = body && typeof body === "object" ? (body as { code?: unknown }).code : undefined;
      throw new ApiRequestError(
        errorMessage(res.status, body),
        res.status,
        typeof code === "string" ? code : undefined,
      );
    }
    return (body as { data: T }).data;
  } catch (error) {
    console.error(`API request failed for ${path}`, error);
    throw error;
  }
}
