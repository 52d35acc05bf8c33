/**
 * Stage 1: a registered feed → its bytes, politely and defensively. Conditional GET (a 304
 * costs nothing), a timeout per attempt, a cap on the decompressed size (a 50 MB body or a
 * gzip bomb is cut off, not buffered), at most 5 redirects and only to http(s), never to a
 * loopback, private or link-local address (./http-get.ts), retries with backoff on network
 * errors and 5xx, and 429/503 Retry-After honoured. Never throws for a feed's own failure:
 * the result says what happened. A saved feed file (--from-dir, the demo snapshot) is read
 * into the same result.
 */

import fs from "node:fs/promises";
import { isRegisteredFeed, type RegisteredFeed } from "./feeds";
import { AddressRefusedError, httpGet, type GetResponse } from "./http-get";

export const USER_AGENT =
  "GlobalMultiSourceNewsAnalysis/0.1 (RSS reader; fetches each registered feed at most every few minutes, with conditional GET)";

export const MAX_REDIRECTS = 5;

export interface FetchOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Extra attempts after a network error, a 5xx or a short Retry-After. */
  retries: number;
  /** First backoff delay; doubles with each retry (plus jitter). */
  retryBaseMs?: number;
  /** The longest Retry-After waited for within a run; longer ones end the attempt. */
  maxRetryAfterMs?: number;
  /** Aborts everything (the run's time budget). */
  signal?: AbortSignal;
  /** Called as body bytes arrive (progress bars). */
  onBytes?: (received: number) => void;
  /** Allow loopback addresses (FEED_ALLOW_LOOPBACK: tests and local mirrors); private and link-local ones never. */
  allowLoopback?: boolean;
}

interface Common {
  finalUrl: string;
  /** Decompressed body bytes read. */
  bytes: number;
  attempts: number;
}

export type FetchResult =
  | (Common & {
      status: "ok";
      /** Null for a saved file. */
      httpStatus: number | null;
      body: Buffer;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
    })
  | (Common & { status: "not_modified"; httpStatus: 304 })
  | (Common & {
      status: "error";
      httpStatus: number | null;
      error: string;
      retryAfterMs?: number;
      aborted?: boolean;
    });

export class FetchRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FetchRefusedError";
  }
}

class AttemptError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly httpStatus: number | null = null,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Milliseconds a Retry-After header asks for (delta-seconds or an HTTP date), if any. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function describeNetworkError(error: unknown): string {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return e.code ?? e.cause?.code ?? e.cause?.message ?? e.message ?? String(error);
}

async function readCapped(res: GetResponse, maxBytes: number, onBytes?: (n: number) => void) {
  const declared = Number(res.header("content-length"));
  // Only a hint: with compression the decompressed size is what counts, checked below.
  if (!res.header("content-encoding") && declared > maxBytes) {
    res.discard();
    throw new AttemptError(
      `response too large (${declared} bytes declared; limit ${maxBytes})`,
      false,
      res.status,
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      res.discard();
      throw new AttemptError(`response too large (over ${maxBytes} bytes)`, false, res.status);
    }
    chunks.push(chunk);
    onBytes?.(size);
  }
  return { body: Buffer.concat(chunks), size };
}

/** The request's headers: the formats a feed reader accepts, and the feed's validators for a conditional GET. */
function requestHeaders(feed: RegisteredFeed): Record<string, string> {
  const headers: Record<string, string> = {
    "user-agent": USER_AGENT,
    accept:
      "application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
    "accept-encoding": "gzip, deflate, br",
  };
  if (feed.etag) headers["if-none-match"] = feed.etag;
  if (feed.lastModified) headers["if-modified-since"] = feed.lastModified;
  return headers;
}

/** An attempt's abort signal: its own timeout and the run's signal; `release` when it ends. */
function attemptSignal(options: FetchOptions): {
  signal: AbortSignal;
  timedOut: () => boolean;
  release: () => void;
} {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener("abort", onOuterAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    release: () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onOuterAbort);
    },
  };
}

/** Where a redirect leads; an AttemptError without a Location, to a non-http(s) URL, or past MAX_REDIRECTS. */
function redirectTarget(res: GetResponse, url: string, redirects: number): string {
  const location = res.header("location");
  if (!location) throw new AttemptError(`HTTP ${res.status} without a Location header`, false, res.status);
  const next = new URL(location, url);
  if (next.protocol !== "http:" && next.protocol !== "https:") {
    throw new AttemptError(`redirect to a non-http(s) URL refused (${next.protocol})`, false, res.status);
  }
  if (redirects >= MAX_REDIRECTS)
    throw new AttemptError(`too many redirects (more than ${MAX_REDIRECTS})`, false, res.status);
  return next.toString();
}

/** The failure of an answer that is no success: retried when rate limited (429, 503 with Retry-After) or a 5xx. */
function statusFailure(res: GetResponse): AttemptError {
  const retryAfterMs = parseRetryAfter(res.header("retry-after"));
  const limited = res.status === 429 || (res.status === 503 && retryAfterMs !== undefined);
  const label = limited
    ? ` (rate limited${retryAfterMs !== undefined ? `; retry after ${Math.ceil(retryAfterMs / 1000)} s` : ""})`
    : "";
  return new AttemptError(
    `HTTP ${res.status}${label}`,
    limited || res.status >= 500,
    res.status,
    retryAfterMs,
  );
}

/** A successful answer's body, read within the size cap, with its type and validators. */
async function okResult(res: GetResponse, options: FetchOptions, state: { bytes: number }) {
  const { body, size } = await readCapped(res, options.maxBytes, (n) => {
    state.bytes = n;
    options.onBytes?.(n);
  });
  state.bytes = size;
  return {
    kind: "ok" as const,
    httpStatus: res.status,
    body,
    contentType: res.header("content-type"),
    etag: res.header("etag"),
    lastModified: res.header("last-modified"),
  };
}

/** What went wrong in an attempt, as an AttemptError: only a network error is retried. */
function attemptFailure(error: unknown, timedOut: boolean, options: FetchOptions): AttemptError {
  if (error instanceof AttemptError) return error;
  // Not retried: the address will not change within a run.
  if (error instanceof AddressRefusedError) return new AttemptError(error.message, false);
  if (timedOut) return new AttemptError(`timed out after ${options.timeoutMs} ms`, false);
  if (options.signal?.aborted) return new AttemptError("aborted: the run's time budget ran out", false);
  return new AttemptError(`network error: ${describeNetworkError(error)}`, true);
}

/** One attempt at a feed: its redirects followed, then not modified, its body, or an AttemptError. */
async function attempt(
  feed: RegisteredFeed,
  options: FetchOptions,
  state: { finalUrl: string; bytes: number },
) {
  const abort = attemptSignal(options);
  const headers = requestHeaders(feed);
  try {
    let url = feed.url;
    for (let redirects = 0; ; redirects++) {
      state.finalUrl = url;
      const res = await httpGet(new URL(url), {
        headers,
        signal: abort.signal,
        allowLoopback: options.allowLoopback ?? false,
      });
      if (res.status >= 300 && res.status < 400 && res.status !== 304) {
        res.discard();
        url = redirectTarget(res, url, redirects);
        continue;
      }
      if (res.status === 304) {
        res.discard();
        return { kind: "not_modified" as const };
      }
      if (res.status < 200 || res.status >= 300) {
        res.discard();
        throw statusFailure(res);
      }
      return await okResult(res, options, state);
    }
  } catch (error) {
    throw attemptFailure(error, abort.timedOut(), options);
  } finally {
    abort.release();
  }
}

/** Fetches a registered feed. Refuses (throws FetchRefusedError) anything not from the Feed table. */
export async function fetchFeed(feed: RegisteredFeed, options: FetchOptions): Promise<FetchResult> {
  if (!isRegisteredFeed(feed))
    throw new FetchRefusedError(`refused to fetch ${feed.url}: not a registered feed`);
  const protocol = new URL(feed.url).protocol;
  if (protocol !== "http:" && protocol !== "https:")
    throw new FetchRefusedError(`refused to fetch ${feed.url}: not http(s)`);
  const base = options.retryBaseMs ?? 500;
  const maxRetryAfter = options.maxRetryAfterMs ?? 10_000;
  const state = { finalUrl: feed.url, bytes: 0 };
  for (let attempts = 1; ; attempts++) {
    try {
      const result = await attempt(feed, options, state);
      if (result.kind === "not_modified")
        return { status: "not_modified", httpStatus: 304, finalUrl: state.finalUrl, bytes: 0, attempts };
      return { status: "ok", ...result, finalUrl: state.finalUrl, bytes: state.bytes, attempts };
    } catch (error) {
      const e = error as AttemptError;
      const failure = {
        status: "error" as const,
        httpStatus: e.httpStatus,
        error: e.message,
        retryAfterMs: e.retryAfterMs,
        aborted: options.signal?.aborted || undefined,
        finalUrl: state.finalUrl,
        bytes: state.bytes,
        attempts,
      };
      if (!e.retryable || attempts > options.retries || options.signal?.aborted) return failure;
      // A server that names its wait is obeyed; a wait longer than we may spend ends the run's try.
      if (e.retryAfterMs !== undefined && e.retryAfterMs > maxRetryAfter) return failure;
      const backoff = e.retryAfterMs ?? base * 2 ** (attempts - 1) + Math.random() * (base / 2);
      try {
        await sleep(backoff, options.signal);
      } catch {
        return { ...failure, aborted: true };
      }
    }
  }
}

/** Reads a saved feed file: the fetch stage's result for `--from-dir` and the demo snapshot. */
export async function readFeedFile(filePath: string): Promise<FetchResult> {
  const finalUrl = `file://${filePath}`;
  try {
    const body = await fs.readFile(filePath);
    return {
      status: "ok",
      httpStatus: null,
      body,
      contentType: null,
      etag: null,
      lastModified: null,
      finalUrl,
      bytes: body.length,
      attempts: 1,
    };
  } catch (error) {
    return {
      status: "error",
      httpStatus: null,
      error: `cannot read file: ${(error as Error).message}`,
      finalUrl,
      bytes: 0,
      attempts: 1,
    };
  }
}
