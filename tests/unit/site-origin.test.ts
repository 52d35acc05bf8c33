import { afterEach, describe, expect, it, vi } from "vitest";

/** The origin of absolute links (lib/http/site-origin.ts): SITE_URL, else the request's own host. */

const load = async (siteUrl?: string) => {
  vi.resetModules();
  if (siteUrl) process.env.SITE_URL = siteUrl;
  else delete process.env.SITE_URL;
  return (await import("@/lib/http/site-origin")).siteOrigin;
};

afterEach(() => {
  delete process.env.SITE_URL;
});

describe("siteOrigin", () => {
  it("uses the request's host and scheme when SITE_URL is unset", async () => {
    const siteOrigin = await load();
    expect(siteOrigin(new Headers({ host: "news.test:3000" }), "http://fallback")).toBe(
      "http://news.test:3000",
    );
    expect(
      siteOrigin(
        new Headers({ host: "a.test", "x-forwarded-host": "news.test", "x-forwarded-proto": "https" }),
        "http://fallback",
      ),
    ).toBe("https://news.test");
    expect(siteOrigin(new Headers(), "http://fallback")).toBe("http://fallback");
  });

  it("never puts a forged host or scheme into a link", async () => {
    const siteOrigin = await load();
    expect(siteOrigin(new Headers({ host: 'evil.test/"><script>' }), "http://fallback")).toBe(
      "http://fallback",
    );
    expect(
      siteOrigin(new Headers({ host: "news.test", "x-forwarded-proto": "javascript" }), "http://fallback"),
    ).toBe("http://fallback");
  });

  it("prefers SITE_URL, as its origin", async () => {
    const siteOrigin = await load("https://news.example.com/some/path");
    expect(siteOrigin(new Headers({ host: "internal:3000" }), "http://fallback")).toBe(
      "https://news.example.com",
    );
  });
});
