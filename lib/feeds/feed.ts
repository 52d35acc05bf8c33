/**
 * A feed of stories as both formats need it (Atom 1.0, JSON Feed 1.1): what the feed is, and one
 * entry per story with its page, its outlets and its dates. Every text is plain text, taken from
 * untrusted feeds: each format escapes it its own way, and no format emits it as HTML.
 */

export interface FeedEntry {
  /** The story page's URL, which is also the entry's permanent id. */
  url: string;
  title: string;
  /** Which outlets, and how many, cover the story (a demo story says first that it is one). */
  summary: string;
  /** The summary, then every outlet's headline. */
  content: string;
  /** The outlets, each once, in the card's order. */
  outlets: { id: string; name: string }[];
  cardId: string;
  category: { id: string; name: string };
  blindspot: "left" | "right" | null;
  /** An invented story of the bundled demo snapshot; its summary says so. */
  isDemo: boolean;
  /** ISO 8601: the story's first report, and the card's last change. */
  published: string;
  updated: string;
}

export interface Feed {
  title: string;
  description: string;
  /** This feed's own URL (its id) and the page it describes. */
  feedUrl: string;
  homePageUrl: string;
  /** Where the API's machine-readable contract is (named in the JSON Feed's extension). */
  contractUrl: string;
  /** ISO 8601: the newest entry's change, else the last ingest; null when there was none. */
  updated: string | null;
  entries: FeedEntry[];
}

/** The publisher every feed names. */
export const FEED_AUTHOR = "Global Multi-Source News Analysis";
