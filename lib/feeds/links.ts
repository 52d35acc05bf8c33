/**
 * The feeds the pages announce in their head (<link rel="alternate">), so a feed reader given the
 * site's address finds them: the landing selection's stories and its blindspot stories, in Atom
 * and JSON Feed.
 */
export const FEED_PATHS = {
  cardsAtom: "/api/v1/feeds/cards.atom",
  cardsJson: "/api/v1/feeds/cards.json",
  blindspotsAtom: "/api/v1/feeds/blindspots.atom",
  blindspotsJson: "/api/v1/feeds/blindspots.json",
} as const;

/** Next's `alternates.types` metadata for the feeds. */
export const FEED_ALTERNATES = {
  "application/atom+xml": [
    { url: FEED_PATHS.cardsAtom, title: "Top stories (Atom)" },
    { url: FEED_PATHS.blindspotsAtom, title: "Blindspot stories (Atom)" },
  ],
  "application/feed+json": [
    { url: FEED_PATHS.cardsJson, title: "Top stories (JSON Feed)" },
    { url: FEED_PATHS.blindspotsJson, title: "Blindspot stories (JSON Feed)" },
  ],
};
