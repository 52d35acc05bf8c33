/** Calls a route handler exported by an app/api route file with a real Request, as Next does. */

export type RouteHandler = (
  req: Request,
  ctx: { params: Promise<Record<string, string>> },
) => Promise<Response>;

export interface CallOptions {
  method?: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent as is; bytes carry no Content-Type of their own (a string gets text/plain). */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  json: T;
  text: string;
}

export async function call<T = Record<string, unknown>>(
  handler: RouteHandler,
  path: string,
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const url = new URL(path, "http://127.0.0.1:3000");
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.append(k, v);
  // As a client sends them: its Host (links are made from it when SITE_URL is unset) and, as the
  // server sets it from the socket, X-Forwarded-For.
  const headers: Record<string, string> = {
    host: url.host,
    "x-forwarded-for": "127.0.0.1",
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const req = new Request(url, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  const isJson = res.headers.get("content-type")?.includes("json");
  return {
    status: res.status,
    headers: res.headers,
    json: (text && isJson ? JSON.parse(text) : null) as T,
    text,
  };
}
