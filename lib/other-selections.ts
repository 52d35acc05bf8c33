/**
 * Where the stories outside a selection wait: the country/category pairs that reach them, each
 * with how many stories a tap on it shows (the landing view's "N more stories in other categories
 * and countries", decision 143). Plain code: the card list's service computes it, the page shows it.
 */
import { CATEGORY_IDS, COUNTRY_IDS } from "@/lib/catalog";

/** A live story as the count needs it. */
export interface StoryPlace {
  id: string;
  category: string;
  countries: string[];
}

/** One country/category pair and every story it holds (what selecting it shows). */
export interface OtherSelection {
  country: string;
  category: string;
  stories: number;
}

export interface OtherSelections {
  /** Distinct stories outside the selection. */
  stories: number;
  /** Pairs that reach them, most stories first; together they reach every one when `limit` allows. */
  selections: OtherSelection[];
}

/** The most pairs the landing view offers; more would bury the cards under buttons. */
export const OTHER_SELECTIONS_LIMIT = 8;

const rank = (list: readonly string[], id: string) => list.indexOf(id);

/**
 * The pairs that reach the given stories (those outside a selection). A story is in a pair when
 * it is of that category and one of its countries is that country, as the card list's pair query
 * reads it. Greedy cover: each step takes the pair holding the most stories no earlier pair
 * reached (ties: more stories, then the catalog's order), so a few taps reach every story, and
 * each pair reports all the stories it holds.
 */
export function otherSelections(stories: StoryPlace[], limit = OTHER_SELECTIONS_LIMIT): OtherSelections {
  const pairs = new Map<string, { country: string; category: string; ids: Set<string> }>();
  for (const s of stories) {
    for (const country of s.countries) {
      if (rank(COUNTRY_IDS, country) < 0 || rank(CATEGORY_IDS, s.category) < 0) continue;
      const key = `${country}|${s.category}`;
      const pair = pairs.get(key) ?? { country, category: s.category, ids: new Set<string>() };
      pair.ids.add(s.id);
      pairs.set(key, pair);
    }
  }
  const candidates = [...pairs.values()].sort(
    (a, b) =>
      b.ids.size - a.ids.size ||
      rank(CATEGORY_IDS, a.category) - rank(CATEGORY_IDS, b.category) ||
      rank(COUNTRY_IDS, a.country) - rank(COUNTRY_IDS, b.country),
  );
  const reached = new Set<string>();
  const selections: OtherSelection[] = [];
  while (selections.length < limit) {
    let best: (typeof candidates)[number] | null = null;
    let bestNew = 0;
    for (const c of candidates) {
      let fresh = 0;
      for (const id of c.ids) if (!reached.has(id)) fresh++;
      if (fresh > bestNew) [best, bestNew] = [c, fresh];
    }
    if (!best) break;
    for (const id of best.ids) reached.add(id);
    selections.push({ country: best.country, category: best.category, stories: best.ids.size });
  }
  return { stories: new Set(stories.map((s) => s.id)).size, selections };
}
