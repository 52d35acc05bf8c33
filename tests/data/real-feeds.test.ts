/**
 * The feed pipeline's parse and normalize stages on the real saved feeds of the data folder
 * (feeds/dev; never eval/). The same quirks, reproduced by the team's own files, are checked
 * by npm test in tests/unit/ingest/parse.test.ts and normalize.test.ts.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { normalizeItem, type NormalizeContext, type NormalizedArticle } from "@/lib/ingest/normalize";
import { FeedParseError, parseFeed } from "@/lib/ingest/parse";
import { itParsesEachFeed } from "../helpers/feed-expectations";
import { sharedDataPath } from "../helpers/shared-data";

const dev = (file: string) => fs.readFileSync(sharedDataPath("feeds", "dev", file));
const ctx = (over: Partial<NormalizeContext> = {}): NormalizeContext => ({
  sourceId: "bbc-news", homeCountry: "gb", category: "general", feedUrl: "http://127.0.0.1:1/feed.xml", fetchedAt: new Date("2018-06-23T20:00:00Z"), ...over,
});
const ok = (article: NormalizedArticle | null): NormalizedArticle => {
  if (!article) throw new Error("The item was rejected.");
  return article;
};

describe("parseFeed on real dev feeds", () => {
  itParsesEachFeed(dev, [
    // file, format, items, first title
    ["bbc-home-2020-05-31.xml", "rss", 57, "Coronavirus: People shielding in England allowed outdoors from Monday"],
    ["bbc-home-2011-04-04.xml", "rss", 84, "NHS concern genuine, says Lansley"],
    ["cnn-topstories-2018-06-23.xml", "rss", 69, "In one week, the President has taken almost every possible Republican position on immigration"],
    ["fox-latest-2020-05-31.xml", "rss", 10, "Rudy Giuliani blasts 'liberal' leaders for riots: 'Progressives don't know how to police'"],
    ["guardian-world-2018-06-23.xml", "rss", 42, "Donald Trump flips on North Korea, declaring country still an 'extraordinary threat'"],
    ["reuters-topnews-2018-06-23.xml", "rss", 10, "In age of Trump, evangelicals back self-styled top U.S. pimp"],
    ["wsj-world-2020-05-31.xml", "rss", 6, "Trump Says He Will Postpone G-7 Meeting to Fall"],
    ["aljazeera-youtube-atom-2020-05-31.xml", "atom", 15, "UK scientists warn against lifting lockdown too soon"],
    ["other-dailymail-articles-2020-05-31.xml", "rss", 134, undefined],
  ]);

  it("reads the custom fields real feeds use", async () => {
    const cnn = (await parseFeed(dev("cnn-topstories-2018-06-23.xml"))).items[0];
    expect(cnn.origLink).toBe("https://www.cnn.com/2018/06/22/politics/trump-immigration-knot/index.html");
    expect(cnn.images.filter((i) => i.kind === "content").length).toBeGreaterThan(3);

    const fox = (await parseFeed(dev("fox-latest-2020-05-31.xml"))).items[0];
    expect(fox.author).toBe("Victor Garcia"); // dc:creator
    expect(fox.images.some((i) => i.kind === "thumbnail")).toBe(true);

    const guardian = (await parseFeed(dev("guardian-world-2018-06-23.xml"))).items[0];
    expect(guardian.images.map((i) => i.width)).toEqual([140, 460]);
    expect(guardian.description).toContain("<p>");

    const youtube = (await parseFeed(dev("aljazeera-youtube-atom-2020-05-31.xml"))).items[0];
    // media:group holds the thumbnail; the flash media:content is not an image.
    expect(youtube.images).toEqual([{ url: "https://i4.ytimg.com/vi/G2YDjESAsyo/hqdefault.jpg", kind: "thumbnail", width: 480, isDefault: false }]);
    expect(youtube.dates[0]).toBe("2020-05-31T06:08:06.000Z");

    const latimes = (await parseFeed(dev("other-latimes-california-2020-05-31.xml"))).items[0];
    expect(latimes.content).toBeTruthy(); // content:encoded

    const breitbart = (await parseFeed(dev("other-breitbart-2018-06-23.xml"))).items;
    expect(breitbart.some((i) => i.images.some((img) => img.kind === "enclosure"))).toBe(true);
  });

  it("decodes by the declared charset (gb2312)", async () => {
    const feed = await parseFeed(dev("oddcase-encoding-gb2312-qq-tech.xml"), "text/xml; charset=utf-8");
    expect(feed.charset).toBe("gb2312");
    expect(feed.title).toBe("互联网");
    expect(feed.items[0].title).toBe("拟298亿元重组盛大游戏后 世纪华通发20亿回购预案");
  });

  it("fails an empty or malformed feed with FeedParseError", async () => {
    await expect(parseFeed(dev("malformed-empty-file-2018-06-23.xml"))).rejects.toThrow(FeedParseError);
    await expect(parseFeed(Buffer.from("<!doctype html><html><body>Hi</body></html>"))).rejects.toThrow(/not a well-formed RSS or Atom feed/);
    await expect(parseFeed(Buffer.from("<rss version='2.0'><channel><title>x</title></channel></rss>"))).rejects.toThrow(/no items/);
    await expect(parseFeed(Buffer.from("<rss version='2.0'><channel><item><title>x</item></rss>"))).rejects.toThrow(FeedParseError);
  });
});

describe("every saved dev feed", () => {
  it("parses (a file holding no item or entry element fails as empty), and stores no markup from any item it keeps", async () => {
    const files = fs.readdirSync(sharedDataPath("feeds", "dev")).filter((f) => f.endsWith(".xml"));
    expect(files.length).toBeGreaterThan(20);
    const empty: string[] = [];
    for (const file of files) {
      // Read with a plain regex, independent of the parser under test: real feeds are sometimes
      // saved on a day the outlet listed nothing (the empty file, a channel with no items).
      if (!/<(item|entry)[\s>]/.test(dev(file).toString("latin1"))) {
        await expect(parseFeed(dev(file)), file).rejects.toThrow(/^empty feed/);
        empty.push(file);
        continue;
      }
      const feed = await parseFeed(dev(file));
      const kept = feed.items.map((i) => normalizeItem(i, ctx({ channelLink: feed.link }))).filter((a) => a !== null);
      expect(kept.length, file).toBeGreaterThan(0);
      for (const article of kept) {
        for (const text of [article.title, article.summary, article.content]) expect(text, file).not.toMatch(/<\s*\/?\s*[a-z][^>]*>|&lt;|onerror\s*=/i);
      }
    }
    // The rule is no escape hatch: only a few files are empty, the zero-byte one among them.
    expect(empty).toContain("malformed-empty-file-2018-06-23.xml");
    expect(empty.length).toBeLessThan(files.length / 10);
  });
});

describe("normalizeItem on real items", () => {
  const first = async (file: string) => (await parseFeed(dev(file))).items;

  it("follows feedburner's origLink and picks the widest image", async () => {
    const [cnn] = await first("cnn-topstories-2018-06-23.xml");
    const a = ok(normalizeItem(cnn, ctx({ sourceId: "cnn", homeCountry: "us" })));
    expect(a.canonicalUrl).toBe("https://www.cnn.com/2018/06/22/politics/trump-immigration-knot/index.html");
    expect(a.imageUrl).toBe("https://cdn.cnn.com/cnnnext/dam/assets/180620152355-02-trump-executive-order-immigration-super-169.jpg");
  });

  it("takes countries from the home country and the mentions in title and summary", async () => {
    const items = await first("guardian-world-2018-06-23.xml");
    const a = ok(normalizeItem(items[0], ctx({ sourceId: "the-guardian", homeCountry: "gb" })));
    expect(a.countries).toEqual(["gb", "us"]);
  });
});
