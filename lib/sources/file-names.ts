/**
 * Which outlet a saved feed file belongs to, from its name: `<outlet>-<topic>-<date>.xml`
 * as saved feeds are named (the team's fixtures in tests/fixtures/feeds, and the real saved
 * feeds of the data folder), or a source id (`bbc-news.xml`, as in the demo
 * snapshot). Files of other outlets (`other-*`, `oddcase-*`, …) map to nothing.
 */

import { isCategoryId, type CategoryId } from "@/lib/catalog";
import { KNOWN_SOURCES } from "@/lib/sources/registry";

const PREFIXES: Record<string, string> = {
  bbc: "bbc-news",
  cnn: "cnn",
  fox: "fox-news",
  foxnews: "fox-news",
  guardian: "the-guardian",
  reuters: "reuters",
  wsj: "wall-street-journal",
  aljazeera: "al-jazeera",
  npr: "npr",
  abcnews: "abc-news",
  abcau: "abc-australia",
  cbc: "cbc-news",
  dw: "deutsche-welle",
  france24: "france-24",
  euronews: "euronews",
  ap: "associated-press",
  apnews: "associated-press",
  scmp: "south-china-morning-post",
  timesofisrael: "times-of-israel",
  economist: "the-economist",
  ft: "financial-times",
  ...Object.fromEntries(KNOWN_SOURCES.map((s) => [s.id, s.id])),
};

// Longest first, so "abc-australia" wins over a shorter prefix of it.
const ORDERED = Object.keys(PREFIXES).sort((a, b) => b.length - a.length);

/** The source id a feed file name maps to, or null for outlets outside the 19. */
export function sourceIdForFileName(fileName: string): string | null {
  const name = fileName.toLowerCase();
  const prefix = ORDERED.find((p) => name.startsWith(p) && /^[-_.]|^$/.test(name.slice(p.length)));
  return prefix ? PREFIXES[prefix] : null;
}

const TOPIC_CATEGORIES: Record<string, CategoryId> = {
  business: "business",
  money: "business",
  markets: "business",
  economy: "business",
  technology: "technology",
  tech: "technology",
  health: "health",
  science: "science",
  space: "science",
  sport: "sports",
  sports: "sports",
  entertainment: "entertainment",
  arts: "entertainment",
  culture: "entertainment",
  showbiz: "entertainment",
};

/** The category a file name suggests by a topic word (`bbc-technology-….xml`), else general. */
export function categoryForFileName(fileName: string): CategoryId {
  const words = fileName
    .toLowerCase()
    .replace(/\.xml$/, "")
    .split(/[-_.]/);
  for (const w of words) {
    if (isCategoryId(w)) return w;
    if (TOPIC_CATEGORIES[w]) return TOPIC_CATEGORIES[w];
  }
  return "general";
}
