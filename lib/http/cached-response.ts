import "server-only";
import crypto from "node:crypto";
import { cachedRead } from "@/lib/read-cache";

/**
 * Answers read-heavy routes (card lists, one card, sources) from the short read cache, already
 * serialized, with an ETag: a hot answer costs no serialization or encoding per request, and a
 * revalidating client gets 304. (Compression stays with Next: it drops a route handler's own
 * Content-Encoding header, so a pre-compressed body cannot be sent.)
 */

/** A body to cache and answer: its text and media type. */
export interface Representation {
  body: string;
  type: string;
}

interface Encoded {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
}

/** Answers the representation `compute` makes, cached under `key`, with its ETag. */
export async function cachedResponse(req: Request, key: string, compute: () => Promise<Representation>): Promise<Response> {
  const entry = await cachedRead<Encoded>(key, async () => {
    const made = await compute();
    // Encoded once: each response then copies bytes instead of re-encoding a string.
    const body = new TextEncoder().encode(made.body);
    return { body, type: made.type, etag: `"${crypto.createHash("sha1").update(body).digest("base64url")}"` };
  });
  const headers: Record<string, string> = { etag: entry.etag, "cache-control": "no-cache" };
  if (req.headers.get("if-none-match") === entry.etag) return new Response(null, { status: 304, headers });
  return new Response(entry.body, { headers: { ...headers, "content-type": entry.type } });
}

/** The same for `{ success: true, data }` of the JSON API. */
export function cachedJsonResponse(req: Request, key: string, compute: () => Promise<unknown>): Promise<Response> {
  return cachedResponse(req, `json:${key}`, async () => ({
    body: JSON.stringify({ success: true, data: await compute() }),
    type: "application/json",
  }));
}
