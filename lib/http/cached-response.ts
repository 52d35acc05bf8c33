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
  text: string;
  body: Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
  lastModified: Date | null;
}

/**
 * Stands for the request's origin in a cached body whose links are absolute (the feeds), so one
 * cached body serves every origin: with the origin in the cache key, a made-up Host per request
 * rendered the feed afresh and evicted the read cache (issue 23). A random name per process,
 * so no text of a feed can hold it; the origin put in its place is a plain scheme and host
 * (lib/http/site-origin.ts), which needs no escaping in XML or JSON.
 */
export const ORIGIN_SLOT = `http://origin-${crypto.randomBytes(12).toString("hex")}.invalid`;

const sha1 = (data: string | Uint8Array) => crypto.createHash("sha1").update(data).digest("base64url");

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

/** The cached body with `origin` in ORIGIN_SLOT's place, and its own ETag. */
function withOrigin(entry: Encoded, origin: string): Encoded {
  const text = entry.text.replaceAll(ORIGIN_SLOT, origin);
  return {
    ...entry,
    text,
    body: new TextEncoder().encode(text),
    etag: `"${entry.etag.slice(1, -1)}-${sha1(origin).slice(0, 10)}"`,
  };
}

/**
 * Answers the representation `compute` makes, cached under `key`, with its validators. With
 * `origin`, the representation writes ORIGIN_SLOT wherever its links need the origin, and each
 * answer puts the request's origin there: the cache key never holds it.
 */
export async function cachedResponse(
  req: Request,
  key: string,
  compute: () => Promise<Representation>,
  { origin }: { origin?: string } = {},
): Promise<Response> {
  const cached = await cachedRead<Encoded>(key, async () => {
    const made = await compute();
    // Encoded once: each response then copies bytes instead of re-encoding a string.
    const body = new TextEncoder().encode(made.body);
    return {
      text: made.body,
      body,
      type: made.type,
      etag: `"${sha1(body)}"`,
      lastModified: made.lastModified ?? null,
    };
  });
  const entry = origin ? withOrigin(cached, origin) : cached;
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
