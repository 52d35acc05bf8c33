/**
 * The JSON Feed 1.1 the feed routes answer (GET /api/v1/feeds/cards.json, blindspots.json): the
 * fields of the JSON Feed version 1.1 specification that we fill, and our `_news_analysis`
 * extension (extension names start with "_", as the specification requires). Their query is the
 * card list's (`cardListQuery`): same parameters, same defaults.
 */
import { z } from "zod";

export const JSON_FEED_VERSION = "https://jsonfeed.org/version/1.1";

const author = z.object({ name: z.string() });

export const jsonFeedItem = z.object({
  /** The story page's URL: permanent, and unique within the feed. */
  id: z.string(),
  url: z.string(),
  title: z.string(),
  /** Plain text (never HTML): the outlets sentence, then every outlet's headline. */
  content_text: z.string(),
  summary: z.string(),
  date_published: z.string(), // RFC 3339: the story's first report
  date_modified: z.string(), // RFC 3339: the card's last change
  /** The outlets covering the story. */
  authors: z.array(author).min(1),
  tags: z.array(z.string()),
  _news_analysis: z.object({
    card_id: z.string(),
    outlets: z.array(z.object({ id: z.string(), name: z.string() })),
    category: z.string(),
    /** The side no outlet of the card is on, when the other side's are (docs/decisions/048-bias-bar-and-blindspot.md). */
    blindspot: z.enum(["left", "right"]).nullable(),
    /** An invented story of the bundled demo snapshot, not news. */
    is_demo: z.boolean(),
  }),
});

export const jsonFeed = z.object({
  version: z.literal(JSON_FEED_VERSION),
  title: z.string(),
  home_page_url: z.string(),
  feed_url: z.string(),
  description: z.string(),
  language: z.literal("en"),
  authors: z.array(author),
  _news_analysis: z.object({ about: z.string() }),
  items: z.array(jsonFeedItem),
});
export type JsonFeed = z.infer<typeof jsonFeed>;
