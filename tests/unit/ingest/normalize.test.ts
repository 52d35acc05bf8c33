import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeItem, titleKey, type NormalizeContext, type NormalizedArticle } from "@/lib/ingest/normalize";
import { parseFeed, type ParsedItem } from "@/lib/ingest/parse";
import { DEV_FEEDS_DIR, HOSTILE_ITEMS_XML } from "@/tests/helpers/feed-server";

const fetchedAt = new Date("2018-06-23T20:00:00Z");
const ctx = (over: Partial<NormalizeContext> = {}): NormalizeContext => ({
  sourceId: "bbc-news", homeCountry: "gb", category: "general", feedUrl: "http://127.0.0.1:1/feed.xml", fetchedAt, ...over,
});
const item = (over: Partial<ParsedItem>): ParsedItem => ({ dates: [], categories: [], images: [], ...over });
const ok = (result: ReturnType<typeof normalizeItem>): NormalizedArticle => {
  if (!result.ok) throw new Error(result.reason);
  return result.article;
};

describe("normalizeItem on the hostile items", async () => {
  const feed = await parseFeed(Buffer.from(HOSTILE_ITEMS_XML));
  const results = feed.items.map((i) => normalizeItem(i, ctx({ channelLink: feed.link })));
  const byTitle = (t: string) => results.map((r) => (r.ok ? r.article : null)).find((a) => a?.title === t)!;

  it("stores no markup, script or event handler", () => {
    for (const r of results) {
      if (!r.ok) continue;
      for (const text of [r.article.title, r.article.summary, r.article.content]) {
        expect(text).not.toMatch(/<\s*\/?\s*[a-z]|&lt;|onerror\s*=|onclick\s*=|javascript:|alert\(/i);
      }
    }
    expect(byTitle("Script in the description").summary).toBe("Before after. link text");
    expect(results[1].ok && results[1].article.title).toBe("Bold title with &amp; entity");
    expect(results[1].ok && results[1].article.summary).toBe("Escaped markup & an entity");
  });

  it("canonicalizes links and resolves relative ones against the channel link", () => {
    expect(byTitle("Script in the description").canonicalUrl).toBe("https://hostile.example/news/script?id=7");
    expect(byTitle("Script in the description").url).toBe("https://hostile.example/news/script?utm_source=rss&id=7#comments");
    expect(byTitle("Item with a relative link").canonicalUrl).toBe("https://hostile.example/news/relative-story");
  });

  it("rejects items with no link or only a javascript: link", () => {
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "no usable link" }, { ok: false, reason: "no usable link" }]);
  });

  it("reads dates with zones, falls back to the fetch time, clamps the future", () => {
    expect(byTitle("Script in the description").publishedAt.toISOString()).toBe("2018-06-23T10:00:00.000Z");
    expect(results[1].ok && results[1].article.publishedAt.toISOString()).toBe("2018-06-23T07:30:00.000Z");
    expect(byTitle("Item with a relative link").publishedAt.toISOString()).toBe("2018-06-23T11:00:00.000Z");
    expect(byTitle("Item with no date").publishedAt).toEqual(fetchedAt);
    expect(byTitle("Item dated in the future").publishedAt).toEqual(fetchedAt);
  });
});

describe("normalizeItem on real items", () => {
  const first = async (file: string) => (await parseFeed(fs.readFileSync(path.join(DEV_FEEDS_DIR, file)))).items;

  it("follows feedburner's origLink and picks the widest image", async () => {
    const [cnn] = await first("cnn-topstories-2018-06-23.xml");
    const a = ok(normalizeItem(cnn, ctx({ sourceId: "cnn", homeCountry: "us" })));
    expect(a.canonicalUrl).toBe("https://www.cnn.com/2018/06/22/politics/trump-immigration-knot/index.html");
    expect(a.imageUrl).toBe("https://cdn.cnn.com/cnnnext/dam/assets/180620152355-02-trump-executive-order-immigration-super-169.jpg");
  });

  it("uses a permalink guid when the link is a feedburner redirect without origLink", () => {
    const a = ok(normalizeItem(item({ title: "T", link: "http://feeds.reuters.com/~r/reuters/topNews/~3/abc/story", guid: "https://www.reuters.com/article/story-id1?feedType=RSS" }), ctx()));
    expect(a.canonicalUrl).toBe("https://www.reuters.com/article/story-id1");
  });

  it("takes countries from the home country and the mentions in title and summary", async () => {
    const items = await first("guardian-world-2018-06-23.xml");
    const a = ok(normalizeItem(items[0], ctx({ sourceId: "the-guardian", homeCountry: "gb" })));
    expect(a.countries).toEqual(["gb", "us"]);
    const jazeera = ok(normalizeItem(item({ title: "Japanese and Indian leaders meet", link: "https://x.example/1" }), ctx({ homeCountry: "qa" })));
    expect(jazeera.countries).toEqual(["in", "jp"]);
  });

  it("keeps the feed's category unless told to read the item's (demo snapshot)", () => {
    const i = item({ title: "Match report", link: "https://x.example/2", categories: ["Sports"] });
    expect(ok(normalizeItem(i, ctx({ category: "general" }))).category).toBe("general");
    expect(ok(normalizeItem(i, ctx({ category: "general", categoryFromItem: true }))).category).toBe("sports");
  });

  it("uses the summary as title when an item has none, and refuses an item with no text at all", () => {
    expect(ok(normalizeItem(item({ description: "Only a description here.", link: "https://x.example/3" }), ctx())).title).toBe("Only a description here.");
    expect(normalizeItem(item({ link: "https://x.example/4" }), ctx())).toEqual({ ok: false, reason: "no title or text" });
  });

  it("hashes content to tell updates from repeats, and titles to find near-duplicates", () => {
    const base = { title: "Storm hits coast overnight", link: "https://x.example/5", description: "First version." };
    const a = ok(normalizeItem(item(base), ctx()));
    const same = ok(normalizeItem(item({ ...base, link: "https://x.example/5?utm_source=rss" }), ctx()));
    const edited = ok(normalizeItem(item({ ...base, description: "Second version." }), ctx()));
    const twin = ok(normalizeItem(item({ ...base, title: "VIDEO: Storm hits coast, overnight!", link: "https://x.example/other" }), ctx()));
    expect(same.contentHash).toBe(a.contentHash);
    expect(edited.contentHash).not.toBe(a.contentHash);
    expect(twin.titleHash).toBe(a.titleHash);
    expect(a.collapsible).toBe(true);
    expect(ok(normalizeItem(item({ title: "Live updates", link: "https://x.example/6" }), ctx())).collapsible).toBe(false);
    expect(titleKey("Café  Society: Élan!")).toBe("cafe society elan");
  });
});
