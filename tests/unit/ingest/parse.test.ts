import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeFeedBytes, FeedParseError, parseFeed } from "@/lib/ingest/parse";
import { DEV_FEEDS_DIR, HOSTILE_ITEMS_XML, latin1Feed } from "@/tests/helpers/feed-server";

const dev = (file: string) => fs.readFileSync(path.join(DEV_FEEDS_DIR, file));

describe("parseFeed on real dev feeds", () => {
  it.each([
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
  ])("%s", async (file, format, count, firstTitle) => {
    const feed = await parseFeed(dev(file));
    expect(feed.format).toBe(format);
    expect(feed.items).toHaveLength(count);
    if (firstTitle) expect(feed.items[0].title).toBe(firstTitle);
    for (const item of feed.items) expect(item.link ?? item.guid).toBeTruthy();
  });

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

describe("parseFeed on formats and faults the dev files lack", () => {
  it("reads RSS 1.0 (RDF), as Deutsche Welle publishes", async () => {
    const rdf = `<?xml version="1.0" encoding="UTF-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://rss.dw.com/rdf/rss-en-all"><title>DW</title><link>https://www.dw.com</link><description>d</description></channel>
  <item rdf:about="https://www.dw.com/en/a-1"><title>First</title><link>https://www.dw.com/en/a-1</link><description>One</description><dc:date>2018-06-23T10:00:00Z</dc:date></item>
  <item rdf:about="https://www.dw.com/en/a-2"><title>Second</title><link>https://www.dw.com/en/a-2</link><description>Two</description><dc:date>2018-06-23T11:00:00Z</dc:date></item>
</rdf:RDF>`;
    const feed = await parseFeed(Buffer.from(rdf));
    expect(feed.items.map((i) => [i.title, i.link, i.dates[0]])).toEqual([
      ["First", "https://www.dw.com/en/a-1", "2018-06-23T10:00:00Z"],
      ["Second", "https://www.dw.com/en/a-2", "2018-06-23T11:00:00Z"],
    ]);
  });

  it("reads RSS 0.91", async () => {
    const feed = await parseFeed(Buffer.from(`<rss version="0.91"><channel><title>Old</title><link>https://old.example/</link>
      <item><title>Ancient</title><link>https://old.example/1</link><description>d</description></item></channel></rss>`));
    expect(feed.items[0]).toMatchObject({ title: "Ancient", link: "https://old.example/1" });
  });

  it("keeps an Atom feed whose entry has a date the JS parser cannot read, and keeps that date's text", async () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><link href="https://a.example/"/>
      <entry><title>Bad date</title><link href="https://a.example/1"/><published>Sat, 23 Jun 2018 10:00:00 BST</published><summary>s</summary></entry>
      <entry><title>Good date</title><link href="https://a.example/2"/><updated>2018-06-23T10:00:00Z</updated><content type="html">&lt;p&gt;c&lt;/p&gt;</content></entry></feed>`;
    const feed = await parseFeed(Buffer.from(atom));
    expect(feed.format).toBe("atom");
    expect(feed.items[0]).toMatchObject({ title: "Bad date", description: "s" });
    expect(feed.items[0].dates).toEqual(["Sat, 23 Jun 2018 10:00:00 BST"]);
    expect(feed.items[1]).toMatchObject({ content: "<p>c</p>" });
  });

  it("repairs a bare & and HTML-only entities instead of failing the feed", async () => {
    const xml = `<rss version="2.0"><channel><title>Q&A</title><link>https://q.example/</link>
      <item><title>Tom &amp; Jerry &nbsp;&mdash; Q&A</title><link>https://q.example/1?a=1&b=2</link></item></channel></rss>`;
    const feed = await parseFeed(Buffer.from(xml));
    expect(feed.items[0].title).toBe("Tom & Jerry \u00a0— Q&A");
    expect(feed.items[0].link).toBe("https://q.example/1?a=1&b=2");
  });

  it("reads the hostile-items feed the tests serve", async () => {
    const feed = await parseFeed(Buffer.from(HOSTILE_ITEMS_XML));
    expect(feed.link).toBe("https://hostile.example/news/");
    expect(feed.items).toHaveLength(7);
  });
});

describe("decodeFeedBytes", () => {
  it("prefers the XML declaration to a wrong HTTP charset", () => {
    expect(decodeFeedBytes(latin1Feed(), "text/xml; charset=utf-8").text).toContain("Zürich café reopens after façade repair");
  });
  it("uses the HTTP charset when the document declares none", () => {
    const bytes = Buffer.from("<rss><channel><title>Grüße</title></channel></rss>", "latin1");
    expect(decodeFeedBytes(bytes, "application/xml; charset=ISO-8859-1")).toEqual({ text: "<rss><channel><title>Grüße</title></channel></rss>", charset: "iso-8859-1" });
  });
  it("reads bytes that are not valid UTF-8 as windows-1252 rather than producing replacement characters", () => {
    // 0xE9 is é and 0x93/0x94 are curly quotes in windows-1252; none is valid UTF-8 here.
    const { text, charset } = decodeFeedBytes(Buffer.from("<t>caf\xe9 \x93x\x94</t>", "latin1"));
    expect(charset).toBe("windows-1252");
    expect(text).toBe("<t>café “x”</t>");
  });
  it("honours a byte-order mark", () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("<rss/>", "utf16le")]);
    expect(decodeFeedBytes(utf16).text).toBe("<rss/>");
  });
});
