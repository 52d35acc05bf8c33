import { describe, expect, it } from "vitest";
import { absoluteUrl, canonicalUrl } from "@/lib/ingest/canonical-url";

describe("canonicalUrl", () => {
  it.each([
    [
      "https://www.bbc.co.uk/news/uk-politics-43532916?at_medium=RSS&at_campaign=KARANGA",
      "https://www.bbc.co.uk/news/uk-politics-43532916",
    ],
    [
      "http://www.reuters.com/article/us-usa-iran/pompeo-idUSKBN1JJ0IN?feedType=RSS&feedName=topNews",
      "http://www.reuters.com/article/us-usa-iran/pompeo-idUSKBN1JJ0IN",
    ],
    ["https://example.com/a?utm_source=rss&utm_medium=feed&id=42#comments", "https://example.com/a?id=42"],
    ["https://EXAMPLE.com:443/story/", "https://example.com/story"],
    ["https://example.com/?fbclid=abc", "https://example.com/"],
    ["https://user:pw@example.com/x", "https://example.com/x"],
  ])("%s", (input, expected) => {
    expect(canonicalUrl(input)).toBe(expected);
  });

  it("resolves relative links against the base", () => {
    expect(canonicalUrl("/news/relative-story", "https://hostile.example/news/")).toBe(
      "https://hostile.example/news/relative-story",
    );
    expect(canonicalUrl("story.html?ref=rss", "https://example.com/world/")).toBe(
      "https://example.com/world/story.html",
    );
  });

  it("refuses what is not an http(s) URL", () => {
    for (const bad of [
      "javascript:alert(1)",
      "mailto:a@b.c",
      "ftp://example.com/x",
      "",
      "   ",
      "not a url",
      "/relative-without-base",
    ]) {
      expect(canonicalUrl(bad), bad).toBeNull();
    }
    expect(canonicalUrl(undefined)).toBeNull();
  });

  it("keeps the feed's own form in absoluteUrl (tracking and all)", () => {
    expect(absoluteUrl("/a?utm_source=x#f", "https://example.com/b")).toBe(
      "https://example.com/a?utm_source=x#f",
    );
    expect(absoluteUrl("javascript:alert(1)")).toBeNull();
  });
});
