/**
 * Renders a feed as JSON Feed 1.1. Texts go out as plain-text fields (content_text, summary,
 * title); the format allows HTML in content_html only, which is never used.
 */
import { JSON_FEED_VERSION, type JsonFeed } from "@/lib/schemas/feeds";
import { FEED_AUTHOR, type Feed } from "./feed";

export function renderJsonFeed(feed: Feed): string {
  const doc: JsonFeed = {
    version: JSON_FEED_VERSION,
    title: feed.title,
    home_page_url: feed.homePageUrl,
    feed_url: feed.feedUrl,
    description: feed.description,
    language: "en",
    authors: [{ name: FEED_AUTHOR }],
    // A reader of the raw JSON learns where our extension's fields are described.
    _news_analysis: { about: feed.contractUrl },
    items: feed.entries.map((e) => ({
      id: e.url,
      url: e.url,
      title: e.title,
      content_text: e.content,
      summary: e.summary,
      date_published: e.published,
      date_modified: e.updated,
      authors: e.outlets.map((o) => ({ name: o.name })),
      tags: [e.category.name],
      _news_analysis: {
        card_id: e.cardId,
        outlets: e.outlets,
        category: e.category.id,
        blindspot: e.blindspot,
        is_demo: e.isDemo,
      },
    })),
  };
  return JSON.stringify(doc);
}
