import "server-only";

/** Read-heavy routes' responses from the short read cache, with ETags. */

import crypto from "node:crypto";
import { cachedRead } from "@/lib/read-cache";

interface Encoded {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/**
 * Answers `{ success: true, data }` for read-heavy routes (card lists, sources) from the short
 * read cache, already serialized, with an ETag: a hot list costs no JSON serialization or
 * encoding per request, and a revalidating browser gets 304. (Compression stays with Next: it
 * drops a route handler's own Content-Encoding header, so a pre-compressed body cannot be sent.)
 */
export async function cachedJsonResponse(req: Request, key: string, compute: () => Promise<unknown>): Promise<Response> {
  const entry = await cachedRead<Encoded>(`json:${key}`, async () => {
    // Encoded once: each response then copies bytes instead of re-encoding a string.
    const body = new TextEncoder().encode(JSON.stringify({ success: true, data: await compute() }));
    return { body, etag: `"${crypto.createHash("sha1").update(body).digest("base64url")}"` };
  });
  const headers: Record<string, string> = { etag: entry.etag, "cache-control": "no-cache" };
  if (req.headers.get("if-none-match") === entry.etag) return new Response(null, { status: 304, headers });
  return new Response(entry.body, { headers: { ...headers, "content-type": "application/json" } });
}
