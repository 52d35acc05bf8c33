import "server-only";

/**
 * Reading a JSON request body at the edge, each check before the step it protects costs anything
 * (issue 23): the media type (415: only `application/json`, so a cross-site form cannot send one
 * without a preflight), the size declared and received against the route's limit (413), a client
 * that broke off its upload (400: the client's connection, never the database's), the nesting
 * depth (400, by a linear scan that stops at the limit, before JSON.parse builds anything), then
 * the JSON itself (400). docs/decisions/110-request-body-limits.md.
 */

import crypto from "node:crypto";
import { deepFreeze } from "@/lib/frozen";
import { ApiError } from "./errors";

export const BODY_RULES = {
  /**
   * Bytes of a small body (login, generation): their largest valid body, every character of
   * login's 64 + 256 escaped as `\uXXXX`, is under 2.1 KB; an honest one under 400 bytes.
   */
  smallBytes: 4 * 1024,
  /** Nesting of arrays and objects: the deepest valid body (an analysis request) nests three levels. */
  maxDepth: 8,
  /**
   * Large bodies kept once validated (keepValidatedBody): about as many as the analysis answers
   * hit lately that each process holds in memory (lib/analysis/cache.ts keeps 200), in a budget
   * of bytes that bounds the memory they hold whatever their size.
   */
  keptBodies: 200,
  keptBodyBytes: 32 * 1024 * 1024,
} as const;

/** `application/json`, with parameters; a charset, if named, must be UTF-8 (the only one JSON has). */
export function isJsonMediaType(header: string | null): boolean {
  if (!header) return false;
  const [type, ...parameters] = header.split(";").map((part) => part.trim().toLowerCase());
  if (type !== "application/json") return false;
  const charset = parameters.find((p) => p.startsWith("charset="))?.slice("charset=".length);
  return charset === undefined || ["utf-8", "utf8", '"utf-8"', '"utf8"'].includes(charset);
}

/**
 * True when arrays and objects in `text` nest deeper than `max`. One pass over the characters,
 * stopping at the first level too deep: 1 MiB of brackets costs a few characters, where
 * JSON.parse would spend about 115 ms building them. A string is skipped in jumps from quote to
 * quote (indexOf, several times faster than reading its characters one by one): a quote ends it
 * unless an odd run of backslashes escapes it.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i < 0) return false; // a string that never ends holds no more brackets
        let backslashes = 0;
        while (text.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
        if (backslashes % 2 === 0) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The body's bytes, at most maxBytes; a client's broken upload is its own error, not an outage. */
async function readBytes(req: Request, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new ApiError("payload_too_large", `Request body is larger than ${maxBytes} bytes.`);
  if (Number(req.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // ECONNRESET or "aborted" from the client's socket: it is gone, and the database is fine.
      throw new ApiError("bad_request", "The request body was cut off before its end.");
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}

/** The body's bytes once its media type is JSON's, at most maxBytes (parseJsonBytes reads them). */
export async function readJsonBytes(req: Request, maxBytes: number): Promise<Buffer> {
  if (!isJsonMediaType(req.headers.get("content-type"))) {
    throw new ApiError("unsupported_media_type", "Send the request body as application/json.");
  }
  return readBytes(req, maxBytes);
}

/** The parsed JSON body (undefined when empty), or an ApiError saying which rule it broke. */
export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  return parseJsonBytes(await readJsonBytes(req, maxBytes));
}

const utf8 = new TextDecoder();

/** Bytes read by readJsonBytes as JSON: the depth checked first, then parsed. */
export function parseJsonBytes(bytes: Buffer): unknown {
  const text = utf8.decode(bytes).trim();
  if (!text) return undefined;
  if (nestsDeeperThan(text, BODY_RULES.maxDepth)) {
    throw new ApiError("invalid_json", `Request body nests deeper than ${BODY_RULES.maxDepth} levels.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "Request body is not valid JSON.");
  }
}

/**
 * Large bodies validated lately, by route and the sha256 of their bytes (bodyDigest): the same
 * bytes again (readers opening one card's analysis) skip the decoding, depth scan, JSON.parse and
 * validation, about 1 ms of CPU for a 50 KB analysis request, as much as the rest of a cached
 * answer (issue 25). Identical bytes parse and validate identically, so no answer changes: only
 * a body that passed is kept, and every request still has its media type and size checked and
 * its limits counted. A kept body is shared by the requests that send its bytes, so it is frozen.
 */
const kept = new Map<string, { body: unknown; bytes: number }>();
let keptBytes = 0;

/** The digest under which a body's bytes are kept. */
export function bodyDigest(bytes: Buffer): string {
  return crypto.createHash("sha256").update(bytes).digest("base64url");
}

/** The validated body of a route's request with these bytes, if kept (found: it is the newest). */
export function validatedBody(route: string, digest: string): { body: unknown } | undefined {
  const key = `${route} ${digest}`;
  const entry = kept.get(key);
  if (!entry) return undefined;
  kept.delete(key);
  kept.set(key, entry);
  return entry;
}

/** Keeps a validated body of `bytes` bytes (frozen); the least recently used go past the budget. */
export function keepValidatedBody(route: string, digest: string, body: unknown, bytes: number): void {
  if (bytes > BODY_RULES.keptBodyBytes) return;
  deepFreeze(body);
  const key = `${route} ${digest}`;
  const old = kept.get(key);
  if (old) keptBytes -= old.bytes;
  kept.delete(key);
  kept.set(key, { body, bytes });
  keptBytes += bytes;
  for (const [k, v] of kept) {
    if (kept.size <= BODY_RULES.keptBodies && keptBytes <= BODY_RULES.keptBodyBytes) break;
    kept.delete(k);
    keptBytes -= v.bytes;
  }
}
