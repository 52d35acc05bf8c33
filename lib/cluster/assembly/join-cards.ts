/**
 * Joining cards that show one story twice. After the other passes, two groups that would each make
 * a card (two outlets or more) with a likely link between them (a pair probability of at least
 * `cardSupport`, or a "same" verdict) join when the evidence ties them, in one of two ways:
 *
 * - Report by report: each of their reports has a report in the other group that likely tells its
 *   story. Average linkage asks the mean over all cross pairs to reach its threshold, which two
 *   groups of one running story rarely do (each part has its own words, and most cross pairs are
 *   never even candidates), while two stories that share a name or a topic tie only some of their
 *   reports to each other. Decision 026.
 * - By their subject: what each card is about (what reports of two of its outlets, and most of its
 *   reports, carry: cardSubjectShare) holds two things the other card is about too, one of them a
 *   name in both: whom or where, and what ("Melania Trump" and "jacket"; "Democratic" and
 *   "convention"). A reaction, a joke or an analysis piece is rarely likely with each report of the
 *   news it reacts to, but says what the news says. A name alone is one actor's different
 *   happenings (North Korea's returned war remains and the suspended exercises), things without a
 *   name a topic (family separations). A shared thing counts only when it is the two cards' own: a
 *   title ("President") or a year says who or when, never what happened, and a word the rest of the
 *   day carries far more often than these cards (cardSubjectOwnShare) is the day's, not theirs. And
 *   two cards that each name someone specific the other never mentions report two happenings (the
 *   card's "nameConflict" of pair-evidence.ts). Decision 176.
 *
 * Pairs of cards are weighed when a candidate link between them is likely, or when their subjects
 * share a name and a cross pair, scored, is likely; every cross pair of them may be scored, not
 * only the candidates. Strongest links first, judged on the groups as the earlier passes left
 * them; a "different" verdict between two groups keeps them apart.
 */
import type { SimilarityEdges } from "@/lib/cluster/assembly/average-linkage";
import type { ClusterForest } from "@/lib/cluster/assembly/cluster-forest";
import { maxSpecificFrequency } from "@/lib/cluster/evidence/pair-evidence";
import { ROLE_NAME, type BatchVectors } from "@/lib/cluster/evidence/vectors";
import { lowerBound } from "@/lib/cluster/typed-arrays";

export interface CardJoinOptions {
  /** A cross pair likely tells one story from this probability. */
  cardSupport: number;
  /** A card is about what reports of two of its outlets, and at least this share of its reports, carry. */
  cardSubjectShare: number;
  /** A thing two cards are about is theirs when at least this share of the batch's reports carrying it are theirs. */
  cardSubjectOwnShare: number;
}

/** Whether the groups rooted at a and b hold a pair a reader judged different. */
export type KeptApart = (a: number, b: number) => boolean;

/** What a card is about: features ascending, with how many of its reports carry each and whether one names it. */
interface Subject {
  members: readonly number[];
  features: Int32Array;
  reports: Int32Array;
  named: Uint8Array;
}

/** Joins the card-worthy groups of the forest that the evidence ties together, report by report or by their subject. */
export function joinCards(
  forest: ClusterForest,
  batch: BatchVectors,
  links: SimilarityEdges,
  outlets: Int32Array,
  score: (i: number, j: number) => number,
  options: CardJoinOptions,
  keptApart: KeptApart | null = null,
  bySubject = true,
): void {
  const { members, cardOf } = cardMembers(forest, outlets);
  if (members.size < 2) return;
  const n = forest.size.length;
  // Pairs of cards with a likely link between them, with their best link: the candidates. An
  // article with a likely link into the other card needs no scoring (i · n + that card's root).
  const best = new Map<number, number>();
  const partnered = new Set<number>();
  const { from, to, weight } = links;
  for (let e = 0; e < links.count; e++) {
    if (weight[e] < options.cardSupport) continue;
    const i = from[e];
    const j = to[e];
    const a = cardOf[i];
    const b = cardOf[j];
    if (a < 0 || b < 0 || a === b) continue;
    const key = Math.min(a, b) * n + Math.max(a, b);
    best.set(key, Math.max(best.get(key) ?? 0, weight[e]));
    partnered.add(i * n + b).add(j * n + a);
  }
  const subjects = new Map<number, Subject>();
  if (bySubject) {
    const read = new SubjectReader(batch, outlets, options.cardSubjectShare);
    for (const [root, group] of members) subjects.set(root, read.subject(group));
  }
  const sameSubject = (a: number, b: number) =>
    bySubject && shareSubject(subjects.get(a)!, subjects.get(b)!, batch, options.cardSubjectOwnShare);
  // Cards whose subjects share a name are candidates too, when their best cross pair is likely.
  for (const key of pairsSharingAName(subjects, n)) {
    if (best.has(key)) continue;
    const a = Math.floor(key / n);
    const b = key % n;
    if (!sameSubject(a, b)) continue;
    let strength = 0;
    for (const i of members.get(a)!)
      for (const j of members.get(b)!) strength = Math.max(strength, score(i, j));
    if (strength >= options.cardSupport) best.set(key, strength);
  }
  const hasPartner = (i: number, root: number) =>
    partnered.has(i * n + root) || members.get(root)!.some((j) => score(i, j) >= options.cardSupport);
  const joins = [...best]
    .map(([key, strength]) => ({ a: Math.floor(key / n), b: key % n, strength }))
    // Tied by subject (no pair scored), or when every article of each card has a partner in the
    // other; the first without one ends that check.
    .filter(
      ({ a, b }) =>
        sameSubject(a, b) ||
        (members.get(a)!.every((i) => hasPartner(i, b)) && members.get(b)!.every((j) => hasPartner(j, a))),
    )
    .sort((x, y) => y.strength - x.strength || x.a - y.a || x.b - y.b);
  for (const { a, b } of joins) {
    const ra = forest.find(a);
    const rb = forest.find(b);
    if (ra === rb || keptApart?.(ra, rb)) continue;
    forest.union(ra, rb);
  }
}

/**
 * The groups of two outlets or more, by root: their members; and per article, its group's root
 * when that group is one of them, else -1.
 */
function cardMembers(
  forest: ClusterForest,
  outlets: Int32Array,
): { members: Map<number, number[]>; cardOf: Int32Array } {
  const n = forest.size.length;
  const groups = new Map<number, number[]>();
  const first = new Int32Array(n).fill(-1);
  const card = new Uint8Array(n);
  const cardOf = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const root = forest.find(i);
    if (forest.size[root] < 2) continue;
    cardOf[i] = root;
    if (first[root] < 0) first[root] = outlets[i];
    else if (first[root] !== outlets[i]) card[root] = 1;
    const group = groups.get(root);
    if (group) group.push(i);
    else groups.set(root, [i]);
  }
  for (const [root, group] of groups)
    if (!card[root]) {
      groups.delete(root);
      for (const i of group) cardOf[i] = -1;
    }
  return { members: groups, cardOf };
}

/**
 * What a card is about: the features that reports of two of its outlets or more, and at least
 * `share` of its reports, carry; titles and years left out. Per feature arrays of the batch's
 * size, reset after each card, so reading every card costs a pass over its reports' features.
 */
class SubjectReader {
  /** Per feature, how many of the card's reports carry it (0 when untouched). */
  private readonly reports: Int32Array;
  /** Per feature, the first carrier's outlet. */
  private readonly outlet: Int32Array;
  /** Per feature, SECOND_OUTLET and NAMED. */
  private readonly marks: Uint8Array;
  private readonly touched: number[] = [];

  constructor(
    private readonly batch: BatchVectors,
    private readonly outlets: Int32Array,
    private readonly share: number,
  ) {
    const featureCount = batch.documentFrequency.length;
    this.reports = new Int32Array(featureCount);
    this.outlet = new Int32Array(featureCount);
    this.marks = new Uint8Array(featureCount);
  }

  subject(members: readonly number[]): Subject {
    const { offsets, features, roles } = this.batch.flat;
    const { reports, outlet, marks, touched } = this;
    for (const i of members)
      for (let k = offsets[i]; k < offsets[i + 1]; k++) {
        const f = features[k];
        if (reports[f] === 0) {
          touched.push(f);
          outlet[f] = this.outlets[i];
        } else if (outlet[f] !== this.outlets[i]) marks[f] |= SECOND_OUTLET;
        reports[f] += 1;
        if (roles[k] & ROLE_NAME) marks[f] |= NAMED;
      }
    const least = this.share * members.length;
    const kept = touched.filter(
      (f) => marks[f] & SECOND_OUTLET && reports[f] >= least && !this.batch.titleOrYear[f],
    );
    kept.sort((x, y) => x - y);
    const subject = {
      members,
      features: Int32Array.from(kept),
      reports: Int32Array.from(kept, (f) => reports[f]),
      named: Uint8Array.from(kept, (f) => (marks[f] & NAMED ? 1 : 0)),
    };
    for (const f of touched) reports[f] = marks[f] = 0;
    touched.length = 0;
    return subject;
  }
}

/** Bits of SubjectReader's marks: a second outlet carries the feature; a report names it. */
const SECOND_OUTLET = 1;
const NAMED = 2;

/** Pairs of cards (min · n + max of their roots) whose subjects hold a name of both. */
function pairsSharingAName(subjects: ReadonlyMap<number, Subject>, n: number): Set<number> {
  const cardsNaming = new Map<number, number[]>();
  for (const [root, { features, named }] of subjects)
    features.forEach((f, k) => {
      if (!named[k]) return;
      const cards = cardsNaming.get(f);
      if (cards) cards.push(root);
      else cardsNaming.set(f, [root]);
    });
  const pairs = new Set<number>();
  for (const cards of cardsNaming.values())
    for (let x = 0; x < cards.length; x++)
      for (let y = x + 1; y < cards.length; y++)
        pairs.add(Math.min(cards[x], cards[y]) * n + Math.max(cards[x], cards[y]));
  return pairs;
}

/**
 * Whether two cards are about one story: their subjects share two things of their own, one a name
 * in both, and not each names someone specific the other never mentions. A thing is a name with
 * its words and phrase (the batch's name groups, and a shared phrase with its two words: "North",
 * "Korea" and "North Korea" are one) or a word; a shared feature is the cards' own when at least
 * `ownShare` of the batch's reports carrying it are theirs.
 */
function shareSubject(a: Subject, b: Subject, batch: BatchVectors, ownShare: number): boolean {
  const shared: number[] = [];
  const named: boolean[] = [];
  for (let x = 0, y = 0; x < a.features.length && y < b.features.length;) {
    const f = a.features[x];
    if (f < b.features[y]) x++;
    else if (f > b.features[y]) y++;
    else {
      if (a.reports[x] + b.reports[y] >= ownShare * batch.documentFrequency[f]) {
        shared.push(f);
        named.push(a.named[x] === 1 && b.named[y] === 1);
      }
      x++;
      y++;
    }
  }
  if (shared.length < 2 || !named.includes(true)) return false;
  if (countThings(shared, batch) < 2) return false;
  return !(namesStranger(a, b, batch) && namesStranger(b, a, batch));
}

/** How many things the features are: a union-find over a handful, joined by name group and by phrase. */
function countThings(shared: readonly number[], batch: BatchVectors): number {
  const { featureGroup, phraseWords } = batch;
  const parent = shared.map((_, k) => k);
  const find = (k: number): number => (parent[k] === k ? k : (parent[k] = find(parent[k])));
  const join = (k: number, m: number | undefined) => {
    if (m !== undefined) parent[find(m)] = find(k);
  };
  const at = new Map(shared.map((f, k) => [f, k]));
  const firstOfGroup = new Map<number, number>();
  shared.forEach((f, k) => {
    join(k, at.get(phraseWords.first[f]));
    join(k, at.get(phraseWords.second[f]));
    join(k, firstOfGroup.get(featureGroup[f]));
    if (!firstOfGroup.has(featureGroup[f])) firstOfGroup.set(featureGroup[f], k);
  });
  return new Set(shared.map((_, k) => find(k))).size;
}

/** Whether the card's subject names someone or somewhere specific that the other card's reports never mention. */
function namesStranger(card: Subject, other: Subject, batch: BatchVectors): boolean {
  const maxSpecific = maxSpecificFrequency(batch.vectors.length);
  const { featureGroup, phraseWords } = batch;
  for (let k = 0; k < card.features.length; k++) {
    const f = card.features[k];
    if (!card.named[k] || batch.documentFrequency[f] > maxSpecific) continue;
    // The name as the other card may write it: itself, its name group, the words of its phrase.
    const forms = [f, featureGroup[f], phraseWords.first[f], phraseWords.second[f]];
    if (!other.members.some((j) => forms.some((g) => g >= 0 && carries(batch, j, g)))) return true;
  }
  return false;
}

/** Whether article j carries feature f: a binary search of its ascending features. */
function carries(batch: BatchVectors, j: number, f: number): boolean {
  const { offsets, features } = batch.flat;
  const at = lowerBound(features, f, offsets[j], offsets[j + 1]);
  return at < offsets[j + 1] && features[at] === f;
}
