/**
 * Joining cards that show one story twice. After the other passes, two groups that would each make
 * a card (two outlets or more) join when the evidence ties every report of each to the other: each
 * of their reports has a report in the other group that likely tells its story (a pair probability
 * of at least `cardSupport`, or a "same" verdict). Average linkage asks the mean over all cross
 * pairs to reach its threshold, which two groups of one running story rarely do (each part has
 * its own words, and most cross pairs are never even candidates), while two stories that share a
 * name or a topic tie only some of their reports to each other. Every cross pair of two cards
 * with a likely link between them is scored, not only the candidates. Strongest ties first,
 * judged on the groups as the earlier passes left them; a "different" verdict between two
 * groups keeps them apart. Decision 026.
 */
import type { SimilarityEdges } from "@/lib/cluster/assembly/average-linkage";
import type { ClusterForest } from "@/lib/cluster/assembly/cluster-forest";

export interface CardJoinOptions {
  /** A cross pair likely tells one story from this probability. */
  cardSupport: number;
}

/** Whether the groups rooted at a and b hold a pair a reader judged different. */
export type KeptApart = (a: number, b: number) => boolean;

/** Joins the card-worthy groups of the forest that the evidence ties together report by report. */
export function joinCards(
  forest: ClusterForest,
  links: SimilarityEdges,
  outlets: Int32Array,
  score: (i: number, j: number) => number,
  options: CardJoinOptions,
  keptApart: KeptApart | null = null,
): void {
  const members = cardMembers(forest, outlets);
  if (members.size < 2) return;
  const n = forest.size.length;
  // Pairs of cards with a likely link between them, with their best link: the candidates. An
  // article with a likely link into the other card needs no scoring (i · n + that card's root).
  const best = new Map<number, number>();
  const partnered = new Set<number>();
  for (let e = 0; e < links.count; e++) {
    if (links.weight[e] < options.cardSupport) continue;
    const [i, j] = [links.from[e], links.to[e]];
    const a = forest.find(i);
    const b = forest.find(j);
    if (a === b || !members.has(a) || !members.has(b)) continue;
    const key = Math.min(a, b) * n + Math.max(a, b);
    best.set(key, Math.max(best.get(key) ?? 0, links.weight[e]));
    partnered.add(i * n + b).add(j * n + a);
  }
  const hasPartner = (i: number, root: number) =>
    partnered.has(i * n + root) || members.get(root)!.some((j) => score(i, j) >= options.cardSupport);
  const joins = [...best]
    .map(([key, strength]) => ({ a: Math.floor(key / n), b: key % n, strength }))
    // Tied when every article of each card has a partner in the other; the first without one ends the check.
    .filter(
      ({ a, b }) =>
        members.get(a)!.every((i) => hasPartner(i, b)) && members.get(b)!.every((j) => hasPartner(j, a)),
    )
    .sort((x, y) => y.strength - x.strength || x.a - y.a || x.b - y.b);
  for (const { a, b } of joins) {
    const ra = forest.find(a);
    const rb = forest.find(b);
    if (ra === rb || keptApart?.(ra, rb)) continue;
    forest.union(ra, rb);
  }
}

/** The groups of two outlets or more, by root: their members. */
function cardMembers(forest: ClusterForest, outlets: Int32Array): Map<number, number[]> {
  const n = forest.size.length;
  const groups = new Map<number, number[]>();
  const first = new Int32Array(n).fill(-1);
  const card = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const root = forest.find(i);
    if (forest.size[root] < 2) continue;
    if (first[root] < 0) first[root] = outlets[i];
    else if (first[root] !== outlets[i]) card[root] = 1;
    const group = groups.get(root);
    if (group) group.push(i);
    else groups.set(root, [i]);
  }
  for (const root of [...groups.keys()]) if (!card[root]) groups.delete(root);
  return groups;
}
