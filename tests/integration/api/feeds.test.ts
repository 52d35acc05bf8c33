import Parser from "rss-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as blindspotsAtom } from "@/app/api/v1/feeds/blindspots.atom/route";
import { GET as blindspotsJson } from "@/app/api/v1/feeds/blindspots.json/route";
import { GET as cardsAtom } from "@/app/api/v1/feeds/cards.atom/route";
import { GET as cardsJson } from "@/app/api/v1/feeds/cards.json/route";
import { getPrisma } from "@/lib/db";
import { invalidateReadCache } from "@/lib/read-cache";
import { call } from "@/tests/helpers/api";
import { insertStory } from "@/tests/helpers/cards";
import { jsonFeedProblems } from "@/tests/helpers/json-feed";

/** Issue 18: Atom 1.0 and JSON Feed 1.1 of a selection's cards and of its blindspot stories. */

const ORIGIN = "http://127.0.0.1:3000";
const story = (id: string) => `${ORIGIN}/stories/${id}`;
const parser = new Parser();

type Item = {
  id: string;
  url: string;
  title: string;
  summary: string;
  content_text: string;
  date_published: string;
  date_modified: string;
  authors: { name: string }[];
  tags: string[];
  _news_analysis: {
    card_id: string;
    outlets: { id: string; name: string }[];
    category: string;
    blindspot: string | null;
    is_demo: boolean;
  };
};
type JsonFeedDoc = { title: string; feed_url: string; home_page_url: string; items: Item[] };

beforeAll(async () => {
  await insertStory({
    cardId: "f_bridge",
    topic: "City council approves new river bridge",
    countries: ["us"],
    articles: [
      { sourceId: "cnn", title: "City council approves new river bridge", hoursAgo: 2 },
      { sourceId: "fox-news", title: "Council backs $40M bridge despite objections", hoursAgo: 3 },
      { sourceId: "associated-press", title: "River bridge plan passes 7-2", hoursAgo: 4 },
    ],
  });
  // Only center-left outlets: a blindspot on the right.
  await insertStory({
    cardId: "f_transit",
    topic: "Transit fares frozen for a year",
    countries: ["us"],
    articles: [
      { sourceId: "npr", title: "Transit fares frozen", hoursAgo: 1 },
      { sourceId: "cnn", title: "City freezes transit fares for a year", hoursAgo: 1.5 },
    ],
  });
  // Feed text is untrusted: markup, quotes, ampersands and characters XML cannot carry.
  await insertStory({
    cardId: "f_markup",
    topic: 'Lab says <script>alert("x")</script> & <b>more</b>\u0001 tags',
    countries: ["gb"],
    articles: [
      { sourceId: "bbc-news", title: "A <b>bold</b> claim & a \u0007bell", hoursAgo: 5 },
      { sourceId: "reuters", title: "Markup stays text", hoursAgo: 6 },
    ],
  });
  await insertStory({
    cardId: "f_tech",
    category: "technology",
    countries: ["us"],
    articles: [
      { sourceId: "wall-street-journal", title: "Chipmaker unveils faster processor", hoursAgo: 7 },
      { sourceId: "bbc-news", title: "New processor promises speed gains", hoursAgo: 8 },
    ],
  });
  invalidateReadCache();
});

describe("GET /api/v1/feeds/cards.atom", () => {
  it("answers the landing selection as Atom 1.0 that rss-parser reads, one entry per story linking to its page", async () => {
    const res = await call(cardsAtom, "/api/v1/feeds/cards.atom");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const feed = await parser.parseString(res.text);
    expect(feed.title).toBe(
      "Global Multi-Source News Analysis: General News from United States, United Kingdom, Canada, Australia, Germany and France",
    );
    expect(feed.link).toBe(`${ORIGIN}/`);
    expect(feed.feedUrl).toBe(`${ORIGIN}/api/v1/feeds/cards.atom`);
    // Newest story first, as the card list orders them.
    expect(feed.items.map((i) => i.id)).toEqual([story("f_transit"), story("f_bridge"), story("f_markup")]);
    const bridge = feed.items[1];
    expect(bridge).toMatchObject({
      title: "City council approves new river bridge",
      link: story("f_bridge"),
      author: "CNN",
      summary: "Covered by 3 outlets: CNN, Fox News and Associated Press.",
    });
    expect(bridge.content).toBe(
      "Covered by 3 outlets: CNN, Fox News and Associated Press.\n\n" +
        "CNN: City council approves new river bridge\nFox News: Council backs $40M bridge despite objections\nAssociated Press: River bridge plan passes 7-2",
    );
    // Published when the story was first reported (the Associated Press, four hours ago).
    expect(Date.now() - Date.parse(bridge.isoDate!)).toBeGreaterThan(3.9 * 3_600_000);
    expect(res.text).toContain('<category term="general" label="General News"/>');
    expect(res.text.match(/<author><name>[^<]+<\/name><\/author>/g)).toContain(
      "<author><name>Fox News</name></author>",
    );
  });

  it("escapes feed text as XML: markup stays text, and characters XML cannot carry are dropped", async () => {
    const res = await call(cardsAtom, "/api/v1/feeds/cards.atom", { query: { country: "gb" } });
    expect(res.text).not.toMatch(/<script|<b>|[\u0001\u0007]/);
    expect(res.text).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;more&lt;/b&gt; tags",
    );
    const feed = await parser.parseString(res.text);
    expect(feed.items[0].title).toBe('Lab says <script>alert("x")</script> & <b>more</b> tags');
    expect(feed.items[0].content).toContain("BBC News: A <b>bold</b> claim & a bell");
  });

  it("takes the card list's parameters: a pair, a limit, and a 400 in the envelope for a bad one", async () => {
    const tech = await parser.parseString(
      (
        await call(cardsAtom, "/api/v1/feeds/cards.atom", {
          query: { country: "us", category: "technology" },
        })
      ).text,
    );
    expect(tech.items.map((i) => i.id)).toEqual([story("f_tech")]);
    expect(tech.title).toBe("Global Multi-Source News Analysis: Technology from United States");
    const one = await parser.parseString(
      (await call(cardsAtom, "/api/v1/feeds/cards.atom", { query: { limit: "1" } })).text,
    );
    expect(one.items).toHaveLength(1);
    expect(one.feedUrl).toBe(`${ORIGIN}/api/v1/feeds/cards.atom?limit=1`);
    const bad = await call(cardsAtom, "/api/v1/feeds/cards.atom", { query: { country: "xx" } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      success: false,
      code: "validation_error",
      error: expect.stringContaining("query.country"),
    });
  });

  it("lets a feed reader poll cheaply: ETag and Last-Modified, 304 when nothing changed", async () => {
    const first = await call(cardsAtom, "/api/v1/feeds/cards.atom");
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    // The newest change of its stories: the transit card's, just now.
    expect(Date.now() - Date.parse(lastModified)).toBeLessThan(60_000);
    const byTag = await call(cardsAtom, "/api/v1/feeds/cards.atom", { headers: { "if-none-match": etag } });
    expect(byTag.status).toBe(304);
    expect(byTag.text).toBe("");
    expect(
      (await call(cardsAtom, "/api/v1/feeds/cards.atom", { headers: { "if-modified-since": lastModified } }))
        .status,
    ).toBe(304);
    const older = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect(
      (await call(cardsAtom, "/api/v1/feeds/cards.atom", { headers: { "if-modified-since": older } })).status,
    ).toBe(200);
    // A different ETag wins over a date that would match.
    const other = await call(cardsAtom, "/api/v1/feeds/cards.atom", {
      headers: { "if-none-match": '"old"', "if-modified-since": lastModified },
    });
    expect(other.status).toBe(200);
  });
});

describe("the origin of a feed's links (issue 23)", () => {
  it("takes no forwarded host from an untrusted client, and a random host per request neither renders the feed again nor evicts it", async () => {
    invalidateReadCache();
    const forged = await call<JsonFeedDoc>(cardsJson, "/api/v1/feeds/cards.json", {
      headers: {
        "x-forwarded-host": "attacker.test",
        "x-forwarded-proto": "https",
        forwarded: "host=attacker.test;proto=https",
      },
    });
    expect(forged.json.home_page_url).toBe(`${ORIGIN}/`);
    expect(forged.text).not.toContain("attacker.test");
    // A story stored now shows once the read cache expires (5 s), not because a request named another host.
    await insertStory({
      cardId: "f_late",
      topic: "A story stored after the feed was cached",
      countries: ["us"],
      articles: [
        { sourceId: "cnn", title: "A late story", hoursAgo: 0.1 },
        { sourceId: "npr", title: "Late story, other outlet", hoursAgo: 0.2 },
      ],
    });
    try {
      for (const host of ["random-1.test", "random-2.test:8080"]) {
        const res = await call<JsonFeedDoc>(cardsJson, "/api/v1/feeds/cards.json", { headers: { host } });
        const cards = (feed: JsonFeedDoc) => feed.items.map((i) => i._news_analysis.card_id);
        expect(cards(res.json)).toEqual(cards(forged.json));
        // The request's own host still makes its links (SITE_URL unset).
        expect(res.json.home_page_url).toBe(`http://${host}/`);
        expect(res.json.items[0].url).toBe(`http://${host}/stories/${cards(res.json)[0]}`);
      }
      // A Host that is not plainly one: the fallback pages use too (issue 34), not the server's own URL.
      const malformed = await call<JsonFeedDoc>(cardsJson, "/api/v1/feeds/cards.json", {
        headers: { host: "evil.test/<x>" },
      });
      expect(malformed.json.home_page_url).toBe("http://127.0.0.1/");
    } finally {
      await getPrisma().comparisonCard.delete({ where: { id: "f_late" } });
      invalidateReadCache();
    }
  });
});

describe("GET /api/v1/feeds/cards.json", () => {
  it("answers JSON Feed 1.1 that keeps the format's rules, with the same entries", async () => {
    const res = await call<JsonFeedDoc>(cardsJson, "/api/v1/feeds/cards.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/feed+json; charset=utf-8");
    expect(res.headers.get("last-modified")).toBeTruthy();
    expect(jsonFeedProblems(res.json)).toEqual([]);
    expect(res.json.feed_url).toBe(`${ORIGIN}/api/v1/feeds/cards.json`);
    expect(res.json.items.map((i) => i.id)).toEqual([
      story("f_transit"),
      story("f_bridge"),
      story("f_markup"),
    ]);
    const bridge = res.json.items[1];
    expect(bridge).toMatchObject({
      url: story("f_bridge"),
      title: "City council approves new river bridge",
      summary: "Covered by 3 outlets: CNN, Fox News and Associated Press.",
      authors: [{ name: "CNN" }, { name: "Fox News" }, { name: "Associated Press" }],
      tags: ["General News"],
      _news_analysis: {
        card_id: "f_bridge",
        category: "general",
        blindspot: null,
        is_demo: false,
        outlets: [
          { id: "cnn", name: "CNN" },
          { id: "fox-news", name: "Fox News" },
          { id: "associated-press", name: "Associated Press" },
        ],
      },
    });
    expect(Date.parse(bridge.date_published)).toBeLessThan(Date.parse(bridge.date_modified));
    // JSON carries every character (escaped); the text is plain text, never HTML.
    expect(res.json.items[2].title).toBe('Lab says <script>alert("x")</script> & <b>more</b>\u0001 tags');
    expect(res.json.items[2]).not.toHaveProperty("content_html");
  });

  it("answers an empty selection as a valid, empty feed", async () => {
    const res = await call<JsonFeedDoc>(cardsJson, "/api/v1/feeds/cards.json", {
      query: { country: "jp", category: "sports" },
    });
    expect(res.status).toBe(200);
    expect(jsonFeedProblems(res.json)).toEqual([]);
    expect(res.json.items).toEqual([]);
  });
});

describe("GET /api/v1/feeds/blindspots.{atom,json}", () => {
  it("holds only the stories one side's outlets cover", async () => {
    const atom = await parser.parseString((await call(blindspotsAtom, "/api/v1/feeds/blindspots.atom")).text);
    expect(atom.title).toBe(
      "Global Multi-Source News Analysis: blindspot stories in General News from United States, United Kingdom, Canada, Australia, Germany and France",
    );
    expect(atom.items.map((i) => i.id)).toEqual([story("f_transit")]);
    const json = await call<JsonFeedDoc>(blindspotsJson, "/api/v1/feeds/blindspots.json");
    expect(jsonFeedProblems(json.json)).toEqual([]);
    expect(json.json.items.map((i) => [i.id, i._news_analysis.blindspot])).toEqual([
      [story("f_transit"), "right"],
    ]);
    // And the other side: only a center-right outlet (and a center one) on the chip story.
    const tech = await call<JsonFeedDoc>(blindspotsJson, "/api/v1/feeds/blindspots.json", {
      query: { country: "us", category: "technology" },
    });
    expect(tech.json.items.map((i) => [i.id, i._news_analysis.blindspot])).toEqual([
      [story("f_tech"), "left"],
    ]);
    const none = await call<JsonFeedDoc>(blindspotsJson, "/api/v1/feeds/blindspots.json", {
      query: { country: "gb" },
    });
    expect(none.json.items).toEqual([]);
  });
});
