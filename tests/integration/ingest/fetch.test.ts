import zlib from "node:zlib";
import { beforeEach, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db";
import { selectFeeds, type RegisteredFeed } from "@/lib/ingest/feeds";
import { fetchFeed, FetchRefusedError, USER_AGENT, type FetchOptions } from "@/lib/ingest/fetch";
import { fixtureFeed } from "@/tests/helpers/feed-fixtures";
import { closedPort } from "@/tests/helpers/feed-server";
import { pointFeed, resetIngest, feedServerForFile } from "@/tests/helpers/ingest";

// The test server is on loopback, which only a setting allows (FEED_ALLOW_LOOPBACK, as in every test).
const options: FetchOptions = {
  timeoutMs: 1_000,
  maxBytes: 5 * 1024 * 1024,
  retries: 2,
  retryBaseMs: 10,
  maxRetryAfterMs: 2_000,
  allowLoopback: true,
};
const server = feedServerForFile({ slowMs: 3_000 });
beforeEach(async () => {
  await resetIngest(server);
});

/** Registers a path of the test server as BBC's general feed and returns it as the fetcher sees it. */
async function registered(pathname: string): Promise<RegisteredFeed> {
  await pointFeed(server, "bbc-news:general", pathname);
  const [feed] = await selectFeeds(getPrisma(), { sources: ["bbc-news"], categories: ["general"] });
  return feed;
}

describe("fetchFeed", () => {
  it.each(["br", "gzip", "deflate"])(
    "downloads and decompresses %s, with an honest User-Agent",
    async (encoding) => {
      const feed = await registered(`/fixtures/bbc-home-2019-10-12.xml?encoding=${encoding}`);
      const result = await fetchFeed(feed, options);
      expect(result).toMatchObject({
        status: "ok",
        httpStatus: 200,
        attempts: 1,
        bytes: fixtureFeed("bbc-home-2019-10-12.xml").length,
      });
      if (result.status !== "ok") throw new Error("unreachable");
      expect(result.body.subarray(0, 5).toString()).toBe("<?xml");
      expect(result.etag).toMatch(/^"[0-9a-f]{16}"$/);
      const headers = server.lastHeaders("/fixtures/bbc-home-2019-10-12.xml")!;
      expect(headers["user-agent"]).toBe(USER_AGENT);
      expect(headers["accept-encoding"]).toBe("gzip, deflate, br");
    },
  );

  it("sends a conditional GET with the stored validators; a 304 costs nothing", async () => {
    const feed = await registered("/fixtures/fox-latest-2019-10-12.xml");
    const first = await fetchFeed(feed, options);
    if (first.status !== "ok") throw new Error(`expected ok, got ${first.status}`);
    await getPrisma().feed.update({
      where: { id: feed.id },
      data: { etag: first.etag, lastModified: first.lastModified },
    });
    const [again] = await selectFeeds(getPrisma(), { sources: ["bbc-news"], categories: ["general"] });
    expect(await fetchFeed(again, options)).toMatchObject({
      status: "not_modified",
      httpStatus: 304,
      bytes: 0,
    });
    expect(server.lastHeaders("/fixtures/fox-latest-2019-10-12.xml")).toMatchObject({
      "if-none-match": first.etag,
      "if-modified-since": first.lastModified,
    });
  });

  it("gives up on a slow server after the timeout, without retrying", async () => {
    const feed = await registered("/hostile/slow");
    const t0 = Date.now();
    const result = await fetchFeed(feed, { ...options, timeoutMs: 200 });
    expect(result).toMatchObject({
      status: "error",
      httpStatus: null,
      error: "timed out after 200 ms",
      attempts: 1,
    });
    expect(Date.now() - t0).toBeLessThan(1_500);
  });

  it("retries a 5xx with backoff, then reports it", async () => {
    const feed = await registered("/hostile/500");
    expect(await fetchFeed(feed, options)).toMatchObject({
      status: "error",
      httpStatus: 500,
      error: "HTTP 500",
      attempts: 3,
    });
    expect(server.hits("/hostile/500")).toBe(3);
  });

  it("recovers when a retry succeeds", async () => {
    const feed = await registered("/hostile/flaky");
    expect(await fetchFeed(feed, options)).toMatchObject({ status: "ok", attempts: 2 });
  });

  it("retries a network error (connection refused)", async () => {
    await getPrisma().feed.update({
      where: { id: "bbc-news:general" },
      data: { url: `http://127.0.0.1:${await closedPort()}/feed.xml` },
    });
    const [feed] = await selectFeeds(getPrisma(), { sources: ["bbc-news"], categories: ["general"] });
    expect(await fetchFeed(feed, options)).toMatchObject({
      status: "error",
      error: "network error: ECONNREFUSED",
      attempts: 3,
    });
  });

  it("honours a short Retry-After by waiting, and reports a long one without waiting", async () => {
    const once = await registered("/hostile/429-once");
    const t0 = Date.now();
    expect(await fetchFeed(once, options)).toMatchObject({ status: "ok", attempts: 2 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);

    const long = await registered("/hostile/429?after=120");
    const t1 = Date.now();
    expect(await fetchFeed(long, options)).toMatchObject({
      status: "error",
      httpStatus: 429,
      error: "HTTP 429 (rate limited; retry after 120 s)",
      retryAfterMs: 120_000,
      attempts: 1,
    });
    expect(Date.now() - t1).toBeLessThan(500);
  });

  it("stops a redirect loop after 5 redirects", async () => {
    const feed = await registered("/hostile/redirect-loop");
    expect(await fetchFeed(feed, options)).toMatchObject({
      status: "error",
      error: "too many redirects (more than 5)",
      attempts: 1,
    });
    expect(server.hits("/hostile/redirect-loop") + server.hits("/hostile/redirect-loop-b")).toBe(6);
  });

  it("refuses a redirect to a non-http(s) URL", async () => {
    const feed = await registered("/hostile/redirect-to-file");
    expect(await fetchFeed(feed, options)).toMatchObject({
      status: "error",
      error: "redirect to a non-http(s) URL refused (file:)",
    });
  });

  it("cuts off a 50 MB body at the size cap without buffering it", async () => {
    const feed = await registered("/hostile/huge");
    const rssBefore = process.memoryUsage().rss;
    const result = await fetchFeed(feed, { ...options, maxBytes: 1024 * 1024 });
    expect(result).toMatchObject({
      status: "error",
      httpStatus: 200,
      error: `response too large (over ${1024 * 1024} bytes)`,
      attempts: 1,
    });
    expect(result.bytes).toBeLessThanOrEqual(1024 * 1024);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(40 * 1024 * 1024);
  });

  it("cuts off a gzip bomb by its decompressed size", async () => {
    const feed = await registered("/hostile/gzip-bomb");
    expect(await fetchFeed(feed, options)).toMatchObject({
      status: "error",
      error: `response too large (over ${5 * 1024 * 1024} bytes)`,
    });
  });

  it("refuses a Content-Length over the cap before reading", async () => {
    server.serve("/big-declared", {
      status: 200,
      headers: { "content-length": String(zlib.constants.Z_DEFAULT_CHUNK * 1000) },
      body: Buffer.alloc(zlib.constants.Z_DEFAULT_CHUNK * 1000),
    });
    const feed = await registered("/big-declared");
    expect(await fetchFeed(feed, { ...options, maxBytes: 4096 })).toMatchObject({
      status: "error",
      error: /declared; limit 4096/,
    });
  });

  // Issue 14: a compromised outlet (or anyone on a plain-http feed's path) redirected the fetcher
  // to the cloud metadata service and private hosts, and the error told what answered there.
  it.each([
    ["link-local (cloud metadata)", "http://169.254.169.254/latest/meta-data/"],
    ["a private network", "http://10.20.30.40:8080/admin"],
    ["a home router", "http://192.168.1.1/"],
    ["the carrier-grade NAT range", "http://100.64.0.1/"],
    ["this network", "http://0.0.0.0:22/"],
    ["an IPv6 unique local address", "http://[fd00::1]/"],
    ["IPv6 link-local", "http://[fe80::1]/"],
    ["an IPv4-mapped metadata address", "http://[::ffff:169.254.169.254]/"],
  ])("refuses a redirect to %s without connecting", async (_, target) => {
    server.serve("/hostile/redirect-inside", { status: 302, headers: { location: target } });
    const feed = await registered("/hostile/redirect-inside");
    const t0 = Date.now();
    const result = await fetchFeed(feed, options);
    expect(result).toMatchObject({
      status: "error",
      httpStatus: null,
      attempts: 1,
      error: expect.stringMatching(/^address refused: /),
    });
    expect(Date.now() - t0).toBeLessThan(500); // refused, not timed out trying
  });

  it("refuses loopback unless the setting allows it, also when a name resolves to it", async () => {
    const feed = await registered("/fixtures/bbc-home-2019-10-12.xml");
    const hitsBefore = server.hits("/fixtures/bbc-home-2019-10-12.xml");
    const strict = { ...options, allowLoopback: false };
    expect(await fetchFeed(feed, strict)).toMatchObject({
      status: "error",
      attempts: 1,
      error: "address refused: 127.0.0.1 is loopback",
    });
    await getPrisma().feed.update({
      where: { id: feed.id },
      data: { url: feed.url.replace("127.0.0.1", "localhost") },
    });
    const [byName] = await selectFeeds(getPrisma(), { sources: ["bbc-news"], categories: ["general"] });
    expect(await fetchFeed(byName, strict)).toMatchObject({
      status: "error",
      attempts: 1,
      error: expect.stringMatching(
        /^address refused: localhost resolves to (127\.0\.0\.1|::1) \(loopback\)$/,
      ),
    });
    expect(server.hits("/fixtures/bbc-home-2019-10-12.xml")).toBe(hitsBefore);
    expect(await fetchFeed(byName, options)).toMatchObject({ status: "ok" });
  });

  it("refuses a feed that did not come from the Feed table", async () => {
    const feed = await registered("/fixtures/bbc-home-2019-10-12.xml");
    const forged = { ...feed, url: server.url("/fixtures/cnn-topstories-2019-10-12.xml") };
    await expect(fetchFeed(forged, options)).rejects.toThrow(FetchRefusedError);
    await expect(fetchFeed(forged, options)).rejects.toThrow(/not a registered feed/);
    expect(server.hits("/fixtures/cnn-topstories-2019-10-12.xml")).toBe(0);
  });
});
