import "server-only";

/** Read-heavy routes' responses from the short read cache, with ETags. */

import crypto from "node:crypto";
import { cachedRead } from "@/lib/read-cache";

/**
 * Answers read-heavy routes (card lists, one card, sources, feeds) from the short read cache,
 * already serialized, with an ETag (and a Last-Modified when the content has a date): a hot answer
 * costs no serialization or encoding per request, and a revalidating client or feed reader gets
 * 304. (Compression stays with Next: it drops a route handler's own Content-Encoding header, so a
 * pre-compressed body cannot be sent.)
 */

/** A body to cache and answer: its text, media type and, if it has one, when its content last changed. */
export interface Representation {
  body: string;
  type: string;
  lastModified?: Date | null;
}

interface Encoded {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
  lastModified: Date | null;
}

/**
 * Whether the client's copy is current (RFC 9110 §13.2.2): If-None-Match decides when sent;
 * otherwise If-Modified-Since, at the one-second precision of HTTP dates.
 */
function notModified(req: Request, entry: Encoded): boolean {
  const etags = req.headers.get("if-none-match");
  if (etags !== null)
    return etags
      .split(",")
      .some((tag) => tag.trim().replace(/^W\//, "") === entry.etag || tag.trim() === "*");
  const since = Date.parse(req.headers.get("if-modified-since") ?? "");
  return (
    entry.lastModified !== null &&
    !Number.isNaN(since) &&
    Math.floor(entry.lastModified.getTime() / 1000) * 1000 <= since
  );
}

/** Answers the representation `compute` makes, cached under `key`, with its validators. */
export async function cachedResponse(
  req: Request,
  key: string,
  compute: () => Promise<Representation>,
): Promise<Response> {
  const entry = await cachedRead<Encoded>(key, async () => {
    const made = await compute();
    // Encoded once: each response then copies bytes instead of re-encoding a string.
    const body = new TextEncoder().encode(made.body);
    const etag = `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
    return { body, type: made.type, etag, lastModified: made.lastModified ?? null };
  });
  const headers: Record<string, string> = { etag: entry.etag, "cache-control": "no-cache" };
  if (entry.lastModified) headers["last-modified"] = entry.lastModified.toUTCString();
  if (notModified(req, entry)) return new Response(null, { status: 304, headers });
  return new Response(entry.body, { headers: { ...headers, "content-type": entry.type } });
}

/** The same for `{ success: true, data }` of the JSON API. */
export function cachedJsonResponse(
  req: Request,
  key: string,
  compute: () => Promise<unknown>,
): Promise<Response> {
  return cachedResponse(req, `json:${key}`, async () => ({
    body: JSON.stringify({ success: true, data: await compute() }),
    type: "application/json",
  }));
}
