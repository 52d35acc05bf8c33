import { describe, expect, it } from "vitest";
import { decodeFeedBytes, FeedParseError, parseFeed } from "@/lib/ingest/parse";
import { fixtureFeed } from "@/tests/helpers/feed-fixtures";
import { itParsesEachFeed } from "@/tests/helpers/feed-expectations";

// The same checks on real saved feeds: tests/data/real-feeds.test.ts (npm run test:data).
describe("parseFeed on the feed fixtures (tests/fixtures/feeds/README.md: one real quirk each)", () => {
  itParsesEachFeed(fixtureFeed, [
    // file, format, items, first title
    ["bbc-home-2019-10-12.xml", "rss", 9, "Canberra wildfire forces 3,400 from their homes"],
    ["bbc-home-2011-03-08.xml", "rss", 3, "Council tax freeze extended for a second year"],
    ["cnn-topstories-2019-10-12.xml", "rss", 3, "Thousands flee as wildfire nears Australia's capital"],
    [
      "fox-latest-2019-10-12.xml",
      "rss",
      3,
      "Australian wildfire scorches 12,000 hectares as crews battle 90 km/h winds",
    ],
    ["guardian-world-2019-10-12.xml", "rss", 3, "UK and US agree to extend data-sharing pact for police"],
    ["reuters-topnews-2019-10-12.xml", "rss", 3, "Australian wildfire forces evacuation near Canberra"],
    ["wsj-world-2019-10-12.xml", "rss", 3, "Wildfire Near Canberra Cuts Power to 20,000 Homes"],
    ["aljazeera-youtube-atom-2019-10-12.xml", "atom", 3, "UK ministers debate new fishing quotas"],
    [
      "other-dailymail-articles-2019-10-12.xml",
      "rss",
      2,
      "Terrifying moment wildfire tears through bushland near Canberra as 3,400 flee Bindara",
    ],
    ["oddcase-duplicates.xml", "rss", 6, "Harbour reopens after six-week repair"],
  ]);

  it("reads CRLF files whole: no carriage return is left in a value", async () => {
    for (const file of [
      "cnn-topstories-2019-10-12.xml",
      "fox-latest-2019-10-12.xml",
      "reuters-topnews-2019-10-12.xml",
    ]) {
      expect(fixtureFeed(file).includes("\r\n"), file).toBe(true);
      const feed = await parseFeed(fixtureFeed(file));
      for (const item of feed.items) {
        for (const value of [item.title, item.link, item.guid, item.origLink, ...item.dates])
          expect(value ?? "", file).not.toMatch(/\r/);
      }
    }
  });

  it("reads the 2011 BBC format: redirect links, a non-permalink guid, two thumbnail sizes", async () => {
    const [first] = (await parseFeed(fixtureFeed("bbc-home-2011-03-08.xml"))).items;
    expect(first.link).toBe("http://www.bbc.co.uk/go/rss/int/news/-/news/uk-politics-12600001");
    expect(first.guid).toBe("http://www.bbc.co.uk/news/uk-politics-12600001");
    expect(first.images.map((i) => [i.kind, i.width])).toEqual([
      ["thumbnail", 66],
      ["thumbnail", 144],
    ]);
    expect(first.dates[0]).toBe("Tue, 08 Mar 2011 17:52:04 GMT");
  });

  it("reads the custom fields real feeds use", async () => {
    const cnn = (await parseFeed(fixtureFeed("cnn-topstories-2019-10-12.xml"))).items[0];
    expect(cnn.origLink).toBe(
      "https://www.cnn.com/2019/10/12/australia/canberra-wildfire-bindara/index.html",
    );
    expect(cnn.images.filter((i) => i.kind === "content").length).toBeGreaterThan(3);
    expect(cnn.description).toContain('<div class="feedflare">');

    const fox = (await parseFeed(fixtureFeed("fox-latest-2019-10-12.xml"))).items[0];
    expect(fox.author).toBe("Megan Doyle"); // dc:creator
    expect(fox.images.some((i) => i.kind === "thumbnail")).toBe(true);
    expect(fox.images.find((i) => i.kind === "content")?.isDefault).toBe(true);

    const guardian = (await parseFeed(fixtureFeed("guardian-world-2019-10-12.xml"))).items[0];
    expect(guardian.images.map((i) => i.width)).toEqual([140, 460]);
    expect(guardian.description).toContain("<p>");

    const youtube = (await parseFeed(fixtureFeed("aljazeera-youtube-atom-2019-10-12.xml"))).items[0];
    // media:group holds the thumbnail; the flash media:content is not an image.
    expect(youtube.images).toEqual([
      {
        url: "https://i4.ytimg.com/vi/Fish0000001/hqdefault.jpg",
        kind: "thumbnail",
        width: 480,
        isDefault: false,
      },
    ]);
    expect(youtube.dates[0]).toBe("2019-10-12T06:08:06.000Z");

    const wsj = (await parseFeed(fixtureFeed("wsj-world-2019-10-12.xml"))).items[0];
    expect(wsj.content).toContain("power to 20,000 homes"); // content:encoded

    const dailymail = (await parseFeed(fixtureFeed("other-dailymail-articles-2019-10-12.xml"))).items;
    expect(dailymail.every((i) => i.images.some((img) => img.kind === "enclosure"))).toBe(true);
  });

  it("decodes by the declared charset (gb2312, ISO-8859-1), whatever the server says", async () => {
    const gb = await parseFeed(fixtureFeed("oddcase-encoding-gb2312.xml"), "text/xml; charset=utf-8");
    expect(gb.charset).toBe("gb2312");
    expect(gb.title).toBe("科技新闻");
    expect(gb.items[0].title).toBe("本地研究团队发布新型电池原型");
    const latin1 = await parseFeed(fixtureFeed("oddcase-encoding-latin1.xml"), "text/xml; charset=utf-8");
    expect(latin1.charset).toBe("iso-8859-1");
    expect(latin1.items[0].title).toBe("Zürich café reopens after façade repair");
  });

  it("reads undeclared windows-1252 bytes by the HTTP charset, or as windows-1252 when there is none", async () => {
    const bytes = fixtureFeed("oddcase-encoding-undeclared-cp1252.xml");
    for (const contentType of [
      "application/rss+xml",
      "application/rss+xml; charset=windows-1252",
      undefined,
    ]) {
      const feed = await parseFeed(bytes, contentType);
      expect(feed.charset).toBe("windows-1252");
      expect(feed.title).toBe("Grüße aus Köln");
      expect(feed.items[0].description).toBe("“Endlich”, sagen die Fahrgäste – nach 14 Monaten.");
    }
  });

  it("fails an empty or malformed feed with FeedParseError", async () => {
    await expect(parseFeed(fixtureFeed("malformed-empty-file.xml"))).rejects.toThrow(
      /^empty feed \(no content\)$/,
    );
    await expect(parseFeed(Buffer.from("<!doctype html><html><body>Hi</body></html>"))).rejects.toThrow(
      /not a well-formed RSS or Atom feed/,
    );
    await expect(
      parseFeed(Buffer.from("<rss version='2.0'><channel><title>x</title></channel></rss>")),
    ).rejects.toThrow(/no items/);
    await expect(
      parseFeed(Buffer.from("<rss version='2.0'><channel><item><title>x</item></rss>")),
    ).rejects.toThrow(FeedParseError);
  });

  it("reads the hostile-items fixture", async () => {
    const feed = await parseFeed(fixtureFeed("oddcase-hostile-items.xml"));
    expect(feed.link).toBe("https://hostile.example/news/");
    expect(feed.items).toHaveLength(8);
  });
});

describe("parseFeed on formats and faults the fixture files lack", () => {
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
    const feed = await parseFeed(
      Buffer.from(`<rss version="0.91"><channel><title>Old</title><link>https://old.example/</link>
      <item><title>Ancient</title><link>https://old.example/1</link><description>d</description></item></channel></rss>`),
    );
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
});

describe("decodeFeedBytes", () => {
  it("prefers the XML declaration to a wrong HTTP charset", () => {
    expect(
      decodeFeedBytes(fixtureFeed("oddcase-encoding-latin1.xml"), "text/xml; charset=utf-8").text,
    ).toContain("Zürich café reopens after façade repair");
  });
  it("uses the HTTP charset when the document declares none", () => {
    const bytes = Buffer.from("<rss><channel><title>Grüße</title></channel></rss>", "latin1");
    expect(decodeFeedBytes(bytes, "application/xml; charset=ISO-8859-1")).toEqual({
      text: "<rss><channel><title>Grüße</title></channel></rss>",
      charset: "iso-8859-1",
    });
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
