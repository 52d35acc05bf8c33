import { describe, expect, it } from "vitest";
import {
  LIMITS,
  normalizeItem,
  titleKey,
  type NormalizeContext,
  type NormalizedArticle,
} from "@/lib/ingest/normalize";
import { parseFeed, type ParsedItem } from "@/lib/ingest/parse";
import { fixtureFeed, FIXTURE_NOW } from "@/tests/helpers/feed-fixtures";

const fetchedAt = FIXTURE_NOW;
const ctx = (over: Partial<NormalizeContext> = {}): NormalizeContext => ({
  sourceId: "bbc-news",
  homeCountry: "gb",
  category: "general",
  feedUrl: "http://127.0.0.1:1/feed.xml",
  fetchedAt,
  ...over,
});
const item = (over: Partial<ParsedItem>): ParsedItem => ({ dates: [], categories: [], images: [], ...over });
const ok = (article: NormalizedArticle | null): NormalizedArticle => {
  if (!article) throw new Error("The item was rejected.");
  return article;
};

describe("normalizeItem on the hostile items", async () => {
  const feed = await parseFeed(fixtureFeed("oddcase-hostile-items.xml"));
  const results = feed.items.map((i) => normalizeItem(i, ctx({ channelLink: feed.link })));
  const byTitle = (t: string) => results.find((a) => a?.title === t)!;

  it("stores no markup, script or event handler", () => {
    for (const a of results) {
      if (!a) continue;
      for (const text of [a.title, a.summary, a.content]) {
        expect(text).not.toMatch(/<\s*\/?\s*[a-z]|&lt;|onerror\s*=|onclick\s*=|javascript:|alert\(/i);
      }
    }
    expect(byTitle("Script in the description").summary).toBe("Before after. link text");
    expect(byTitle("Deeply nested and broken markup").summary).toBe(
      "Deep text survives. Unclosed tags end here.",
    );
    expect(results[1]?.title).toBe("Bold title with &amp; entity");
    expect(results[1]?.summary).toBe("Escaped markup & an entity");
  });

  it("canonicalizes links and resolves relative ones against the channel link", () => {
    expect(byTitle("Script in the description").canonicalUrl).toBe(
      "https://hostile.example/news/script?id=7",
    );
    expect(byTitle("Script in the description").url).toBe(
      "https://hostile.example/news/script?utm_source=rss&id=7#comments",
    );
    expect(byTitle("Item with a relative link").canonicalUrl).toBe(
      "https://hostile.example/news/relative-story",
    );
  });

  it("survives markup far larger and deeper than any real feed's, within the stored limits", () => {
    // 5,000 levels (40,000 characters of tags) before the text: the text starts inside the first
    // 64,000 characters, the most of any item's markup that is read (lib/ingest/plain-text.ts).
    const depth = 5_000;
    const huge = `${"<div><b>".repeat(depth)}${"Flood warning for the valley. ".repeat(5_000)}${"</b></div>".repeat(depth)}`;
    const a = ok(
      normalizeItem(item({ title: "Huge item", link: "https://x.example/huge", description: huge }), ctx()),
    );
    expect(a.summary.length).toBeLessThanOrEqual(LIMITS.summary);
    expect(a.content.length).toBeLessThanOrEqual(LIMITS.content);
    expect(a.summary).toMatch(/^Flood warning for the valley\. Flood warning/);
    expect(a.content).not.toMatch(/[<>]/);
  });

  it("rejects items with no link or only a javascript: link", () => {
    expect(results.filter((a) => !a)).toEqual([null, null]);
  });

  it("reads dates with zones, falls back to the fetch time, clamps the future", () => {
    expect(byTitle("Script in the description").publishedAt.toISOString()).toBe("2019-10-12T04:00:00.000Z");
    expect(results[1]?.publishedAt.toISOString()).toBe("2019-10-12T03:30:00.000Z");
    expect(byTitle("Item with a relative link").publishedAt.toISOString()).toBe("2019-10-12T05:00:00.000Z");
    expect(byTitle("Item with no date").publishedAt).toEqual(fetchedAt);
    expect(byTitle("Item dated in the future").publishedAt).toEqual(fetchedAt);
  });
});

// The same on real saved feeds: tests/data/real-feeds.test.ts (npm run test:data).
describe("normalizeItem on the feed fixtures' items", () => {
  const first = async (file: string) => (await parseFeed(fixtureFeed(file))).items;

  it("follows feedburner's origLink and picks the widest image", async () => {
    const [cnn] = await first("cnn-topstories-2019-10-12.xml");
    const a = ok(normalizeItem(cnn, ctx({ sourceId: "cnn", homeCountry: "us" })));
    expect(a.canonicalUrl).toBe(
      "https://www.cnn.com/2019/10/12/australia/canberra-wildfire-bindara/index.html",
    );
    expect(a.url).toBe(a.canonicalUrl);
    expect(a.imageUrl).toBe("https://cdn.cnn.com/cnnnext/dam/assets/191012-bindara-fire-super-169.jpg");
    expect(a.summary).toBe(
      "About 3,400 people were evacuated from Bindara as a fast-moving wildfire burned 12,000 hectares south of Canberra, commissioner Dana Whitlock said.",
    );
  });

  it("takes the permalink guid behind a feedburner link without origLink (Reuters), dropping its tracking", async () => {
    const [reuters] = await first("reuters-topnews-2019-10-12.xml");
    const a = ok(normalizeItem(reuters, ctx({ sourceId: "reuters", homeCountry: "gb" })));
    expect(a.canonicalUrl).toBe(
      "http://www.reuters.com/article/us-australia-fire/australian-wildfire-forces-evacuation-near-canberra-idUSKBN1WR001",
    );
    expect(a.publishedAt.toISOString()).toBe("2019-10-12T06:12:00.000Z");
  });

  it("prefers the default media:content (Fox) and the wider thumbnail (BBC, 2011)", async () => {
    const [fox] = await first("fox-latest-2019-10-12.xml");
    expect(ok(normalizeItem(fox, ctx({ sourceId: "fox-news", homeCountry: "us" }))).imageUrl).toMatch(
      /\/931\/524\/bindara-fire\.jpg$/,
    );
    const [bbc2011] = await first("bbc-home-2011-03-08.xml");
    expect(ok(normalizeItem(bbc2011, ctx())).imageUrl).toBe(
      "http://news.bbcimg.co.uk/media/images/12600000/jpg/_12600001_large.jpg",
    );
  });

  it("reads content:encoded as the content and the description as the summary (WSJ)", async () => {
    const [wsj] = await first("wsj-world-2019-10-12.xml");
    const a = ok(normalizeItem(wsj, ctx({ sourceId: "wall-street-journal", homeCountry: "us" })));
    expect(a.summary).toBe(
      "Utility Capital Grid shut down lines as the blaze near Bindara spread across 12,000 hectares.",
    );
    expect(a.content).toMatch(/hectares\. About 3,400 residents were told to leave/);
    expect(a.publishedAt.toISOString()).toBe("2019-10-12T06:10:00.000Z"); // 02:10 EDT
  });

  it("drops tracking parameters that real links carry (BBC at_*, Daily Mail ns_* and ito)", async () => {
    const bbc = await first("bbc-home-2019-10-12.xml");
    expect(ok(normalizeItem(bbc[2], ctx())).canonicalUrl).toBe(
      "https://www.bbc.co.uk/news/uk-politics-49910003",
    );
    const [mail] = await first("other-dailymail-articles-2019-10-12.xml");
    expect(ok(normalizeItem(mail, ctx())).canonicalUrl).toBe(
      "https://www.dailymail.co.uk/news/article-7560001/Wildfire-tears-bushland-near-Canberra.html",
    );
  });

  it("uses a permalink guid when the link is a feedburner redirect without origLink", () => {
    const a = ok(
      normalizeItem(
        item({
          title: "T",
          link: "http://feeds.reuters.com/~r/reuters/topNews/~3/abc/story",
          guid: "https://www.reuters.com/article/story-id1?feedType=RSS",
        }),
        ctx(),
      ),
    );
    expect(a.canonicalUrl).toBe("https://www.reuters.com/article/story-id1");
  });

  it("takes countries from the home country and the mentions in title and summary", async () => {
    const items = await first("guardian-world-2019-10-12.xml");
    const a = ok(normalizeItem(items[0], ctx({ sourceId: "the-guardian", homeCountry: "gb" })));
    expect(a.countries).toEqual(["gb", "us"]);
    const jazeera = ok(
      normalizeItem(
        item({ title: "Japanese and Indian leaders meet", link: "https://x.example/1" }),
        ctx({ homeCountry: "qa" }),
      ),
    );
    expect(jazeera.countries).toEqual(["in", "jp"]);
  });

  it("keeps the feed's category unless told to read the item's (demo snapshot)", () => {
    const i = item({ title: "Match report", link: "https://x.example/2", categories: ["Sports"] });
    expect(ok(normalizeItem(i, ctx({ category: "general" }))).category).toBe("general");
    expect(ok(normalizeItem(i, ctx({ category: "general", categoryFromItem: true }))).category).toBe(
      "sports",
    );
  });

  it("uses the summary as title when an item has none, and refuses an item with no text at all", () => {
    expect(
      ok(normalizeItem(item({ description: "Only a description here.", link: "https://x.example/3" }), ctx()))
        .title,
    ).toBe("Only a description here.");
    expect(normalizeItem(item({ link: "https://x.example/4" }), ctx())).toBeNull();
  });

  it("hashes content to tell updates from repeats, and titles to find near-duplicates", () => {
    const base = {
      title: "Storm hits coast overnight",
      link: "https://x.example/5",
      description: "First version.",
    };
    const a = ok(normalizeItem(item(base), ctx()));
    const same = ok(normalizeItem(item({ ...base, link: "https://x.example/5?utm_source=rss" }), ctx()));
    const edited = ok(normalizeItem(item({ ...base, description: "Second version." }), ctx()));
    const twin = ok(
      normalizeItem(
        item({ ...base, title: "VIDEO: Storm hits coast, overnight!", link: "https://x.example/other" }),
        ctx(),
      ),
    );
    expect(same.contentHash).toBe(a.contentHash);
    expect(edited.contentHash).not.toBe(a.contentHash);
    expect(twin.titleHash).toBe(a.titleHash);
    expect(a.collapsible).toBe(true);
    expect(
      ok(normalizeItem(item({ title: "Live updates", link: "https://x.example/6" }), ctx())).collapsible,
    ).toBe(false);
    expect(titleKey("Café  Society: Élan!")).toBe("cafe society elan");
  });
});
