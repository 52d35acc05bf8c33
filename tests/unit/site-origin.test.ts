import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * The origin of absolute links (lib/http/site-origin.ts): SITE_URL, else the request's own host;
 * forwarded headers only behind a trusted proxy (issue 23).
 */

const load = async (settings: { SITE_URL?: string; TRUST_PROXY?: string } = {}) => {
  vi.resetModules();
  delete process.env.SITE_URL;
  delete process.env.TRUST_PROXY;
  Object.assign(process.env, settings);
  return (await import("@/lib/http/site-origin")).siteOrigin;
};

afterEach(() => {
  delete process.env.SITE_URL;
  delete process.env.TRUST_PROXY;
});

const forgedHeaders = {
  host: "news.test:3000",
  "x-forwarded-host": "attacker.test",
  "x-forwarded-proto": "https",
  forwarded: 'for=192.0.2.1;host="attacker.test";proto=https',
};

describe("siteOrigin", () => {
  it("uses the request's host when SITE_URL is unset, and never a forwarded one without a trusted proxy", async () => {
    const siteOrigin = await load();
    expect(siteOrigin(new Headers({ host: "news.test:3000" }))).toBe("http://news.test:3000");
    expect(siteOrigin(new Headers(forgedHeaders))).toBe("http://news.test:3000");
    expect(siteOrigin(new Headers())).toBe("http://127.0.0.1");
  });

  it("behind a trusted proxy, takes the host and scheme it forwarded: Forwarded first, the last element", async () => {
    const siteOrigin = await load({ TRUST_PROXY: "true" });
    expect(
      siteOrigin(
        new Headers({ host: "a.test", "x-forwarded-host": "news.test", "x-forwarded-proto": "https" }),
      ),
    ).toBe("https://news.test");
    expect(
      siteOrigin(
        new Headers({
          host: "internal:3000",
          forwarded: 'host=client-claim.test, for=192.0.2.1;host="news.test";proto=https',
          "x-forwarded-host": "other.test",
        }),
      ),
    ).toBe("https://news.test");
    expect(siteOrigin(new Headers({ host: "internal:3000" }))).toBe("http://internal:3000");
  });

  it("never puts a forged host or scheme into a link", async () => {
    const siteOrigin = await load({ TRUST_PROXY: "true" });
    expect(siteOrigin(new Headers({ host: 'evil.test/"><script>' }))).toBe("http://127.0.0.1");
    expect(siteOrigin(new Headers({ host: "news.test", "x-forwarded-proto": "javascript" }))).toBe(
      "http://127.0.0.1",
    );
  });

  it("prefers SITE_URL, as its origin", async () => {
    const siteOrigin = await load({ SITE_URL: "https://news.example.com/some/path", TRUST_PROXY: "true" });
    expect(siteOrigin(new Headers(forgedHeaders))).toBe("https://news.example.com");
  });
});
