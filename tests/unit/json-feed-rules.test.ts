import { describe, expect, it } from "vitest";
import { jsonFeedProblems } from "@/tests/helpers/json-feed";

/** The JSON Feed 1.1 check of the feed tests (tests/helpers/json-feed.ts) finds what it should. */

const valid = {
  version: "https://jsonfeed.org/version/1.1",
  title: "My Example Feed",
  home_page_url: "https://example.org/",
  feed_url: "https://example.org/feed.json",
  items: [
    { id: "2", content_text: "This is a second item.", url: "https://example.org/second-item" },
    {
      id: "1",
      content_html: "<p>Hello, world!</p>",
      url: "https://example.org/initial-post",
      date_published: "2010-02-07T14:04:00-05:00",
    },
  ],
};

describe("jsonFeedProblems", () => {
  it("accepts the specification's own example, with an extension", () => {
    expect(jsonFeedProblems(valid)).toEqual([]);
    expect(
      jsonFeedProblems({ ...valid, _blue_shed: { about: "https://example.org/ext", explicit: false } }),
    ).toEqual([]);
  });

  it("finds every broken rule", () => {
    const broken = {
      version: "https://jsonfeed.org/version/1",
      feed_url: "feed.json",
      next_url: "feed.json",
      authors: [{}],
      color: "blue",
      "_x.y": {},
      items: [
        { id: 1, url: "javascript:alert(1)" },
        { id: "a", content_text: "x", date_published: "Mon, 01 Jan 2024 10:00:00 GMT", tags: [1] },
        { id: "a", content_text: "y", _ext: { "a.b": 1 } },
      ],
    };
    expect(jsonFeedProblems(broken)).toEqual([
      'feed.version: is not "https://jsonfeed.org/version/1.1"',
      "feed.title: is required and must be a string",
      "feed.home_page_url: is missing (required of a feed on the public web)",
      "feed.feed_url: is not an absolute http(s) URL",
      "feed.next_url: is not an absolute http(s) URL",
      "feed.next_url: is the same as feed_url",
      "feed.authors[0]: has none of name, url, avatar",
      "feed.color: is not a field of the format, and extension names start with _ and a letter",
      "feed._x.y: an extension name contains '.'",
      "items[0].id: is required and must be a string",
      "items[0]: has neither content_html nor content_text",
      "items[0].url: is not an absolute http(s) URL",
      "items[1].date_published: is not an RFC 3339 date",
      "items[1].tags: is not an array of strings",
      "items[2].id: repeats a",
      "items[2]._ext.a.b: contains '.'",
    ]);
    expect(jsonFeedProblems([])).toEqual(["feed: is not a JSON object"]);
    expect(jsonFeedProblems({ ...valid, items: undefined })).toEqual([
      "feed.items: is required and must be an array",
    ]);
  });
});
