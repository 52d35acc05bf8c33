/**
 * Groups a reader's verdicts tie together. A "same" verdict enters average linkage as a strong pair
 * (VERDICT_PROBABILITY in lib/cluster/tuning.ts), which joins two lone reports or a report and a
 * group its words already half agree with, but never joins two groups by itself: one mistaken
 * "same" must not chain two stories. Two groups join on the verdicts when enough of their reports
 * are tied across them ("same" verdicts, and the words' near-certain pairs beside at least one of
 * them): at least VERDICT_TIES.reports reports of each group, with no pair between them judged
 * "different". Two independent readings of one story agreeing is what a mistake rarely produces. A
 * lone report joins no group here, however many "same" answers name it: they are all readings of
 * that one report, and a reader who misreads it misreads it against every report of the other
 * story (decision 162; it joins where its words agree, in average linkage). The groups the answers
 * propose, which the next round's questions are chosen on, still take a lone report on two ties
 * (`loneReports`). A pair of groups tied by fewer is what the next round of questions corroborates
 * (lib/cluster/verdicts/follow-up.ts). Decision 028.
 */
import type { SimilarityEdges } from "@/lib/cluster/assembly/average-linkage";
import type { ClusterForest } from "@/lib/cluster/assembly/cluster-forest";
import type { KeptApart } from "@/lib/cluster/assembly/join-cards";
import { Verdict, type VerdictLookup } from "@/lib/cluster/verdicts/pair-verdicts";

/** What ties two groups: the reports of each named by a tie, and whether a "same" is among them. */
export interface GroupTies {
  /** The two roots, low < high. */
  low: number;
  high: number;
  lowReports: Set<number>;
  highReports: Set<number>;
  /** How many tying pairs ("same" verdicts or near-certain words). */
  count: number;
  /** A "same" verdict is among the ties (words alone are the earlier passes' business). */
  judged: boolean;
}

export interface TieOptions {
  /** A pair of words at least this sure ties too (strongPair). */
  strongPair: number;
  /** Reports of each group that must be tied (or all of a smaller group: a lone report, where it may join). */
  reports: number;
}

/** Per pair of groups, the ties between them (as the forest stands). */
export function groupTies(
  forest: ClusterForest,
  links: SimilarityEdges,
  verdicts: VerdictLookup,
  options: TieOptions,
): GroupTies[] {
  const n = forest.size.length;
  const ties = new Map<number, GroupTies>();
  for (let e = 0; e < links.count; e++) {
    const [i, j] = [links.from[e], links.to[e]];
    const judged = verdicts.get(i, j) === Verdict.Same;
    if (!judged && links.weight[e] < options.strongPair) continue;
    const a = forest.find(i);
    const b = forest.find(j);
    if (a === b) continue;
    const [low, high, x, y] = a < b ? [a, b, i, j] : [b, a, j, i];
    let tie = ties.get(low * n + high);
    if (!tie) {
      tie = { low, high, lowReports: new Set(), highReports: new Set(), count: 0, judged: false };
      ties.set(low * n + high, tie);
    }
    tie.lowReports.add(x);
    tie.highReports.add(y);
    tie.count += 1;
    tie.judged ||= judged;
  }
  return [...ties.values()].filter((tie) => tie.judged);
}

/** How many more reports of each group a tie needs before the groups join (0 when it is enough). */
export function tiesMissing(forest: ClusterForest, tie: GroupTies, reports: number): [number, number] {
  return [
    Math.max(0, Math.min(reports, forest.size[tie.low]) - tie.lowReports.size),
    Math.max(0, Math.min(reports, forest.size[tie.high]) - tie.highReports.size),
  ];
}

/**
 * Joins the groups the verdicts tie together (most ties first, then the roots' order), again as
 * groups grow, until nothing more joins; groups holding a "different" pair stay apart. A lone
 * report joins only with `loneReports` (the groups the answers propose, decision 162).
 */
export function joinTiedGroups(
  forest: ClusterForest,
  links: SimilarityEdges,
  verdicts: VerdictLookup,
  options: TieOptions,
  keptApart: KeptApart | null,
  loneReports = false,
): void {
  for (let joined = true; joined;) {
    joined = false;
    const ties = groupTies(forest, links, verdicts, options).sort(
      (x, y) => y.count - x.count || x.low - y.low || x.high - y.high,
    );
    for (const tie of ties) {
      const { low, high } = tie;
      // A group already joined this pass is weighed again on the next, with its new ties.
      if (forest.find(low) !== low || forest.find(high) !== high) continue;
      const [lowMissing, highMissing] = tiesMissing(forest, tie, options.reports);
      if (lowMissing || highMissing || keptApart?.(low, high)) continue;
      if (!loneReports && (forest.size[low] === 1 || forest.size[high] === 1)) continue;
      forest.union(low, high);
      joined = true;
    }
  }
}
