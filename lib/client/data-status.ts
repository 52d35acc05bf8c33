/**
 * What the page's 'Live Analysis' badges stand beside: the product contract keeps the label, and
 * these words say when what is shown is not live news (decision 144).
 */
import { NEWS_WINDOW_MS } from "@/lib/news-window";
import type { NewsComparison } from "./types";

export const DATA_STATUS = {
  demo: "Demo data, not live news",
  stale: "No feed item in the last 72 hours",
} as const;

/**
 * The words beside the badges, or null when live cards are shown: demo cards (the built-in
 * example or the server's snapshot) say so; live cards none of whose articles is inside the
 * 72-hour window at `now` (a page left open for days) say that no fresh feed item is shown.
 */
export function dataStatus(
  feed: { demo: boolean; cards: NewsComparison[] },
  now: number | null,
): string | null {
  if (feed.demo) return DATA_STATUS.demo;
  if (now === null || feed.cards.length === 0) return null;
  const newest = Math.max(...feed.cards.flatMap((c) => c.articles.map((a) => Date.parse(a.publishedAt))));
  return now - newest > NEWS_WINDOW_MS ? DATA_STATUS.stale : null;
}
