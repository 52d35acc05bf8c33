/**
 * How an outlet is named outside the registry: the path of its page, and the words for its
 * paywall. Plain code shared by the server and the browser (decision 121).
 */

import type { Paywall } from "@/lib/sources/registry";

/** The outlet's page: /sources/{id}. */
export function sourcePath(sourceId: string): string {
  return `/sources/${encodeURIComponent(sourceId)}`;
}

/** The paywall badge's words, and the sentence a title or the outlet's page gives them. */
export const PAYWALL_WORDS: Record<Paywall, { badge: string; sentence: string }> = {
  none: { badge: "Free to read", sentence: "Its articles are free to read." },
  metered: {
    badge: "Metered paywall",
    sentence: "A few articles a month are free; after that it asks for a subscription.",
  },
  hard: { badge: "Paywall", sentence: "Almost every article needs a subscription." },
};
