/** Shared set-up of the ingest integration tests: feeds pointed at the local feed server. */
import { afterAll, beforeAll } from "vitest";
import { getPrisma } from "@/lib/db";
import type { RunIngestOptions } from "@/lib/services/run-ingest";
import { closedPort, startFeedServer, type FeedServer } from "./feed-server";

/** Small timeouts and backoffs so hostile cases finish quickly (passed explicitly, not via env). */
export const FAST_FETCH: RunIngestOptions["fetch"] = {
  timeoutMs: 5_000,
  retries: 2,
  retryBaseMs: 20,
  maxRetryAfterMs: 2_000,
  maxBytes: 5 * 1024 * 1024,
  concurrency: 8,
  hostConcurrency: 8,
};

/**
 * Forgets every article, run and fetch state, and points every registered feed at a URL of
 * the test server that answers 404 (or, without a server, at a port where nothing listens),
 * so no test ever reaches the real outlets.
 */
export async function resetIngest(server: FeedServer | null): Promise<void> {
  const prisma = getPrisma();
  const offline = server ? 0 : await closedPort();
  await prisma.ingestOutcome.deleteMany();
  await prisma.ingestRun.deleteMany();
  await prisma.comparisonCard.deleteMany();
  await prisma.article.deleteMany();
  for (const feed of await prisma.feed.findMany({ select: { id: true } })) {
    await prisma.feed.update({
      where: { id: feed.id },
      data: {
        url: server ? server.url(`/unassigned/${feed.id}`) : `http://127.0.0.1:${offline}/${feed.id}`,
        etag: null,
        lastModified: null,
        nextCheckAt: new Date(0),
        errorCount: 0,
        lastError: null,
        lastErrorAt: null,
        lastSuccessAt: null,
        lastFetchedAt: null,
        lastStatus: null,
        lastItemCount: null,
      },
    });
  }
}

/** Points a registered feed ("bbc-news:general") at a path of the test server. */
export async function pointFeed(server: FeedServer, feedId: string, pathname: string): Promise<void> {
  // Feed URLs are unique; the query keeps two feeds on one file apart (the server ignores it).
  await getPrisma().feed.update({
    where: { id: feedId },
    data: { url: server.url(`${pathname}${pathname.includes("?") ? "&" : "?"}feed=${feedId}`) },
  });
}

/** Every stored article's text fields, for "no markup" checks. */
export async function allArticleText(): Promise<string[]> {
  const rows = await getPrisma().article.findMany({
    select: { title: true, summary: true, content: true, author: true },
  });
  return rows.flatMap((r) => [r.title, r.summary, r.content, r.author ?? ""]);
}

/** A feed server for the calling test file: started before its tests, closed after them. */
export function feedServerForFile(options?: Parameters<typeof startFeedServer>[0]): FeedServer {
  let server: FeedServer | undefined;
  beforeAll(async () => {
    server = await startFeedServer(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  const get = () => {
    if (!server) throw new Error("the feed server starts in beforeAll");
    return server;
  };
  return {
    get origin() {
      return get().origin;
    },
    url: (pathname) => get().url(pathname),
    hits: (pathname) => get().hits(pathname),
    lastHeaders: (pathname) => get().lastHeaders(pathname),
    serve: (pathname, response) => get().serve(pathname, response),
    close: () => get().close(),
  };
}
