/**
 * A real HTTP feed server on 127.0.0.1 (ephemeral port) for ingest tests: the team's feed
 * fixtures (tests/fixtures/feeds) at /fixtures/<file>, with ETag/Last-Modified and
 * gzip/deflate/br, plus the hostile cases real feeds and servers produce at /hostile/….
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { fixtureFeed, FIXTURE_FEEDS_DIR } from "./feed-fixtures";

/** One item whose description is a sentence, then about 1 MB of nested <div> (the sanitizer once took 9.7 s on it). */
export function nestedDivsFeed(): string {
  const nested = `<p>The harbour bridge reopened after repairs.</p>${"<div>".repeat(100_000)}deep${"</div>".repeat(100_000)}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Nested</title><link>https://nested.example/</link>
<item><title>Harbour bridge reopens</title><link>https://nested.example/bridge</link>
<description><![CDATA[${nested}]]></description><pubDate>Sat, 23 Jun 2018 12:00:00 GMT</pubDate></item>
</channel></rss>`;
}

export interface ServedResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface FeedServer {
  readonly origin: string;
  /** Absolute URL of a path on this server. */
  url(pathname: string): string;
  /** How many requests a path (without query) received. */
  hits(pathname: string): number;
  /** Request headers of the last request to a path. */
  lastHeaders(pathname: string): http.IncomingHttpHeaders | undefined;
  /** Serves a fixed response at a path (tests change it between runs). */
  serve(
    pathname: string,
    response: ServedResponse | ((req: http.IncomingMessage, hit: number) => ServedResponse),
  ): void;
  close(): Promise<void>;
}

const etagOf = (body: Buffer) => `"${crypto.createHash("sha1").update(body).digest("hex").slice(0, 16)}"`;
const LAST_MODIFIED = "Sat, 12 Oct 2019 07:00:00 GMT";

let bombCache: Buffer | null = null;
/** 200 MB of zeros in about 200 kB: gzip members may be concatenated, so one is repeated. */
function gzipBomb(): Buffer {
  bombCache ??= Buffer.concat(Array(200).fill(zlib.gzipSync(Buffer.alloc(1024 * 1024), { level: 9 })));
  return bombCache;
}

/** Sends a body compressed as the client accepts (br, gzip, deflate), like a real feed host. */
function sendCompressed(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
) {
  const accepts = String(req.headers["accept-encoding"] ?? "");
  const force = new URL(req.url ?? "/", "http://x").searchParams.get("encoding");
  const encoding =
    force ??
    (accepts.includes("br")
      ? "br"
      : accepts.includes("gzip")
        ? "gzip"
        : accepts.includes("deflate")
          ? "deflate"
          : null);
  if (encoding === "br") {
    // Quality 5, as web servers use on the fly (the default, 11, takes a second per feed).
    const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return res.writeHead(status, { ...headers, "content-encoding": "br" }).end(br);
  }
  if (encoding === "gzip")
    return res.writeHead(status, { ...headers, "content-encoding": "gzip" }).end(zlib.gzipSync(body));
  if (encoding === "deflate")
    return res.writeHead(status, { ...headers, "content-encoding": "deflate" }).end(zlib.deflateSync(body));
  res.writeHead(status, { ...headers, "content-length": String(body.length) }).end(body);
}

/** Serves a feed body with validators; answers 304 to a matching conditional GET. */
function sendFeed(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer,
  contentType = "application/rss+xml",
) {
  const etag = etagOf(body);
  // If-None-Match wins over If-Modified-Since when both are sent (RFC 9110 §13.2.2).
  const inm = req.headers["if-none-match"];
  if (inm ? inm === etag : req.headers["if-modified-since"] === LAST_MODIFIED) {
    return res.writeHead(304, { etag, "last-modified": LAST_MODIFIED }).end();
  }
  sendCompressed(req, res, 200, { "content-type": contentType, etag, "last-modified": LAST_MODIFIED }, body);
}

/** A port on 127.0.0.1 where nothing listens (connection refused), like an unreachable outlet. */
export async function closedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startFeedServer(options: { slowMs?: number } = {}): Promise<FeedServer> {
  const hits = new Map<string, number>();
  const headers = new Map<string, http.IncomingHttpHeaders>();
  const fixed = new Map<
    string,
    ServedResponse | ((req: http.IncomingMessage, hit: number) => ServedResponse)
  >();
  const slowMs = options.slowMs ?? 3_000;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const p = url.pathname;
    const hit = (hits.get(p) ?? 0) + 1;
    hits.set(p, hit);
    headers.set(p, req.headers);
    res.on("error", () => undefined);

    const custom = fixed.get(p);
    if (custom) {
      const r = typeof custom === "function" ? custom(req, hit) : custom;
      const body = Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body ?? "");
      if ((r.status ?? 200) === 200 && !r.headers?.etag)
        return sendFeed(req, res, body, r.headers?.["content-type"]);
      return res.writeHead(r.status ?? 200, r.headers ?? {}).end(body);
    }

    if (p.startsWith("/fixtures/")) {
      const file = path.join(
        FIXTURE_FEEDS_DIR,
        path.basename(decodeURIComponent(p.slice("/fixtures/".length))),
      );
      if (!fs.existsSync(file)) return res.writeHead(404).end("no such file");
      return sendFeed(req, res, fs.readFileSync(file));
    }

    switch (p) {
      case "/hostile/items.xml":
        return sendFeed(req, res, fixtureFeed("oddcase-hostile-items.xml"));
      case "/hostile/slow": {
        const timer = setTimeout(() => sendFeed(req, res, fixtureFeed("oddcase-hostile-items.xml")), slowMs);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      case "/hostile/500":
        return res.writeHead(500, { "content-type": "text/plain" }).end("internal error");
      case "/hostile/flaky":
        if (hit === 1) return res.writeHead(503).end("try again");
        return sendFeed(req, res, fixtureFeed("fox-latest-2019-10-12.xml"));
      case "/hostile/304":
        return res.writeHead(304).end();
      case "/hostile/429":
        return res.writeHead(429, { "retry-after": url.searchParams.get("after") ?? "120" }).end("slow down");
      case "/hostile/429-once":
        if (hit === 1) return res.writeHead(429, { "retry-after": "1" }).end("slow down");
        return sendFeed(req, res, fixtureFeed("reuters-topnews-2019-10-12.xml"));
      case "/hostile/redirect-loop":
        return res.writeHead(302, { location: "/hostile/redirect-loop-b" }).end();
      case "/hostile/redirect-loop-b":
        return res.writeHead(301, { location: "/hostile/redirect-loop" }).end();
      case "/hostile/redirect-to-file":
        return res.writeHead(302, { location: "file:///etc/passwd" }).end();
      case "/hostile/redirect-to-metadata":
        // Where a cloud machine's credentials live: a fetcher must never go there.
        return res
          .writeHead(302, { location: "http://169.254.169.254/latest/meta-data/iam/security-credentials/" })
          .end();
      case "/hostile/nested-divs.xml":
        return sendFeed(req, res, Buffer.from(nestedDivsFeed()));
      case "/hostile/huge": {
        // 50 MB streamed without a length, as a misbehaving server would.
        res.writeHead(200, { "content-type": "application/rss+xml" });
        const chunk = Buffer.alloc(64 * 1024, "a");
        let sent = 0;
        const pump = () => {
          while (sent < 50 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end();
        };
        res.on("close", () => (sent = Infinity));
        return pump();
      }
      case "/hostile/gzip-bomb":
        return res
          .writeHead(200, { "content-type": "application/rss+xml", "content-encoding": "gzip" })
          .end(gzipBomb());
      case "/hostile/wrong-charset.xml":
        return res
          .writeHead(200, { "content-type": "text/xml; charset=utf-8" })
          .end(fixtureFeed("oddcase-encoding-latin1.xml"));
      case "/hostile/gb2312.xml":
        return res
          .writeHead(200, { "content-type": "text/xml; charset=utf-8" })
          .end(fixtureFeed("oddcase-encoding-gb2312.xml"));
      case "/hostile/not-a-feed":
        return res
          .writeHead(200, { "content-type": "text/html" })
          .end("<!doctype html><html><body><h1>Welcome</h1></body></html>");
      default:
        return res.writeHead(404).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (pathname) => `${origin}${pathname}`,
    hits: (pathname) => hits.get(pathname) ?? 0,
    lastHeaders: (pathname) => headers.get(pathname),
    serve: (pathname, response) => void fixed.set(pathname, response),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
