/**
 * An outlet's boilerplate: the words most of its titles, summaries or links repeat ("Live
 * updates", "Sign up for…", a section slug), which say nothing about the event and are left out
 * of its articles' features (OUTLET_BOILERPLATE in lib/cluster/tuning.ts).
 */
import type { InternedText } from "@/lib/cluster/evidence/interned-text";
import { OUTLET_BOILERPLATE } from "@/lib/cluster/tuning";
import type { ClusterArticle } from "@/lib/cluster/types";

// An outlet's boilerplate per field, in the order of an article's texts: title, summary, link.
const BOILERPLATE = [
  OUTLET_BOILERPLATE.titles,
  OUTLET_BOILERPLATE.summaries,
  OUTLET_BOILERPLATE.links,
] as const;

/** Per outlet, the boilerplate key ids of its titles, of its summaries and of its links. */
export function outletBoilerplate(
  articles: ClusterArticle[],
  texts: (readonly InternedText[])[],
  keyCount: number,
): Map<string, Set<number>[]> {
  const byOutlet = new Map<string, number[]>();
  articles.forEach((a, i) => {
    const members = byOutlet.get(a.sourceId);
    if (members) members.push(i);
    else byOutlet.set(a.sourceId, [i]);
  });
  // Dense counters reused outlet after outlet; `seenIn` counts each key once per article.
  const count = new Int32Array(keyCount);
  const seenIn = new Int32Array(keyCount).fill(-1);
  const result = new Map<string, Set<number>[]>();
  for (const [source, members] of byOutlet) {
    const sets = BOILERPLATE.map(({ share, minArticles }, field) => {
      const found = new Set<number>();
      if (members.length < minArticles) return found;
      const touched: number[] = [];
      for (const i of members) {
        const { keys, start, end } = texts[i][field];
        for (let k = start; k < end; k++) {
          const key = keys[k];
          if (seenIn[key] === i) continue;
          seenIn[key] = i;
          if (count[key]++ === 0) touched.push(key);
        }
      }
      for (const key of touched) {
        if (count[key] >= share * members.length) found.add(key);
        count[key] = 0;
        seenIn[key] = -1;
      }
      return found;
    });
    if (sets.some((set) => set.size > 0)) result.set(source, sets);
  }
  return result;
}
