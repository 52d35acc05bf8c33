/**
 * How likely two articles report one happening, as the clusterer sees it: the cosine of their
 * feature vectors, damped by what tells two happenings apart even when the words overlap:
 * - only names in common ("Michael Cohen", "Korea") and nothing about what happened;
 * - each report about someone or somewhere the other never mentions ("Queensland man" against a
 *   man in the West Midlands; the Austrian Grand Prix against the Singapore one), more so when
 *   they have not one of those names in common (a two-word name counts as mentioned where both
 *   its words appear);
 * - headlines that state different numbers (magnitude 6.1 against 7.3);
 * - publication far apart.
 */
import {
  hasConflictingNumbers,
  numberKindsOf,
  ROLE_KEY_NAME,
  ROLE_NAME,
  type BatchVectors,
} from "@/lib/cluster/features";
import { lowerBound } from "@/lib/cluster/typed-arrays";
import type { ClusterOptions } from "@/lib/cluster/types";

type DampingOptions = Pick<
  ClusterOptions,
  | "numberConflictFactor"
  | "timeGraceHours"
  | "timeHalfLifeHours"
  | "minSharedContent"
  | "namesOnlyFactor"
  | "nameConflictFactor"
  | "strangerNamesFactor"
  | "specificNameShare"
  | "minResidualSimilarity"
  | "singleConceptFactor"
>;

const HOUR_MS = 3_600_000;

/**
 * The similarity of articles i and j of a batch, written plainly: the reference PairScorer.score
 * must match. Each rule multiplies the cosine by its factor.
 */
export function pairSimilarity(
  batch: BatchVectors,
  times: Float64Array,
  i: number,
  j: number,
  opts: DampingOptions,
): number {
  const a = batch.vectors[i];
  const b = batch.vectors[j];
  const maxSpecific = Math.max(2, Math.floor(opts.specificNameShare * batch.vectors.length));
  const specific = (f: number) => batch.documentFrequency[f] <= maxSpecific;
  const roleIn = (v: typeof a, f: number) => v.roles[v.features.indexOf(f)];
  const shared = [...a.features].filter((f) => b.features.includes(f));
  const part = (f: number) => a.weights[a.features.indexOf(f)] * b.weights[b.features.indexOf(f)];
  const dot = shared.reduce((sum, f) => sum + part(f), 0);
  if (dot === 0) return 0;
  const byGroup = new Map<number, number>();
  for (const f of shared)
    byGroup.set(batch.featureGroup[f], (byGroup.get(batch.featureGroup[f]) ?? 0) + part(f));
  const content = shared
    .filter((f) => !((roleIn(a, f) | roleIn(b, f)) & ROLE_NAME))
    .reduce((sum, f) => sum + part(f), 0);
  const keyNames = (v: typeof a) =>
    [...v.features].filter((f, k) => v.roles[k] & ROLE_KEY_NAME && specific(f));
  // A phrase is mentioned when the other report has it, or both its words ("Ahmed Musa" in a link's "ahmed-musa").
  const { first, second } = batch.phraseWords;
  const mentions = (other: typeof a, f: number) =>
    other.features.includes(f) ||
    (first[f] >= 0 && other.features.includes(first[f]) && other.features.includes(second[f]));
  const missesOne = (v: typeof a, other: typeof a) => keyNames(v).some((f) => !mentions(other, f));
  let similarity = dot;
  if (dot - Math.max(...byGroup.values()) < opts.minResidualSimilarity)
    similarity *= opts.singleConceptFactor;
  if (batch.withSummary[i] && batch.withSummary[j] && content < opts.minSharedContent)
    similarity *= opts.namesOnlyFactor;
  if (missesOne(a, b) && missesOne(b, a)) {
    similarity *= opts.nameConflictFactor;
    const meets = (v: typeof a, other: typeof a) => keyNames(v).some((f) => mentions(other, f));
    if (!meets(a, b) && !meets(b, a)) similarity *= opts.strangerNamesFactor;
  }
  return damp(
    similarity,
    hasConflictingNumbers(a, b, batch.numberKinds),
    Math.abs(times[i] - times[j]) / HOUR_MS,
    opts,
  );
}

/**
 * The similarity, fast for many pairs sharing a first article: that article's vector is spread
 * into dense arrays once, so each partner costs one pass over its own features.
 */
export class PairScorer {
  private readonly dense: Float64Array;
  private readonly denseRole: Uint8Array;
  private readonly numberMark: Uint8Array;
  /** Per feature group, its share of the dot product being computed (touched lists the ones in use). */
  private readonly groupShare: Float64Array;
  private readonly touched: number[] = [];
  /** Per article, the kinds of number its headline states. */
  private readonly numberKinds: Uint8Array;
  /** Per article, how many specific names its headline and lead state. */
  private readonly keyNames: Int32Array;
  /** Per article, its specific key names that are phrases (article i owns keyPhrases[phraseOffsets[i]…[i + 1]]). */
  private readonly phraseOffsets: Int32Array;
  private readonly keyPhrases: Int32Array;
  private readonly maxSpecificFrequency: number;
  private current = -1;

  constructor(
    private readonly batch: BatchVectors,
    private readonly times: Float64Array,
    private readonly opts: DampingOptions,
  ) {
    const featureCount = batch.documentFrequency.length;
    this.dense = new Float64Array(featureCount);
    this.denseRole = new Uint8Array(featureCount);
    this.numberMark = new Uint8Array(featureCount);
    this.groupShare = new Float64Array(featureCount);
    this.numberKinds = Uint8Array.from(batch.vectors, (v) => numberKindsOf(v.numbers, batch.numberKinds));
    this.maxSpecificFrequency = Math.max(2, Math.floor(opts.specificNameShare * batch.vectors.length));
    this.keyNames = Int32Array.from(batch.vectors, (v) => {
      let count = 0;
      for (let k = 0; k < v.features.length; k++)
        if (v.roles[k] & ROLE_KEY_NAME && this.isSpecific(v.features[k])) count++;
      return count;
    });
    const phrases: number[] = [];
    this.phraseOffsets = new Int32Array(batch.vectors.length + 1);
    batch.vectors.forEach((v, i) => {
      for (let k = 0; k < v.features.length; k++) {
        const f = v.features[k];
        if (v.roles[k] & ROLE_KEY_NAME && this.isSpecific(f) && batch.phraseWords.first[f] >= 0)
          phrases.push(f);
      }
      this.phraseOffsets[i + 1] = phrases.length;
    });
    this.keyPhrases = Int32Array.from(phrases);
  }

  /** The similarity of articles i and j; cheapest when consecutive calls share i. */
  score(i: number, j: number): number {
    if (i !== this.current) this.spread(i);
    // The flat arrays, not the per-article views: one less pointer to chase per partner.
    const { offsets, features, weights, roles, numberOffsets, numbers } = this.batch.flat;
    const shared = this.batch.sharedFeatureCount;
    let dot = 0;
    let content = 0;
    let iKeyMet = 0;
    let jKeyMet = 0;
    let top = 0;
    const { featureGroup } = this.batch;
    // Features are ascending and the unshared ones come last: they cannot meet i's, so stop there.
    for (let k = offsets[j], end = offsets[j + 1]; k < end && features[k] < shared; k++) {
      const f = features[k];
      const w = this.dense[f];
      if (w === 0) continue;
      const part = w * weights[k];
      dot += part;
      const iRole = this.denseRole[f];
      const jRole = roles[k];
      if (!((iRole | jRole) & ROLE_NAME)) {
        content += part;
        if (part > top) top = part;
        continue;
      }
      // A name's words and its phrase count as one thing: their shares add up by group.
      const group = featureGroup[f];
      if (this.groupShare[group] === 0) this.touched.push(group);
      this.groupShare[group] += part;
      if (this.isSpecific(f)) {
        if (iRole & ROLE_KEY_NAME) iKeyMet++;
        if (jRole & ROLE_KEY_NAME) jKeyMet++;
      }
    }
    for (const group of this.touched) {
      if (this.groupShare[group] > top) top = this.groupShare[group];
      this.groupShare[group] = 0;
    }
    this.touched.length = 0;
    if (dot === 0) return 0;
    let factor = 1;
    // One thing in common (a name, its words and their phrase counting as one) is not a story.
    if (dot - top < this.opts.minResidualSimilarity) factor *= this.opts.singleConceptFactor;
    // Headlines alone often share only names ("Titanfall", "Mt. Gox"); two reports of one
    // happening with summaries also share what happened, not only who.
    if (this.batch.withSummary[i] & this.batch.withSummary[j] && content < this.opts.minSharedContent)
      factor *= this.opts.namesOnlyFactor;
    if (iKeyMet < this.keyNames[i] && jKeyMet < this.keyNames[j])
      factor *= this.nameConflict(i, j, iKeyMet, jKeyMet);
    const bothKinds = this.numberKinds[i] & this.numberKinds[j];
    let agreed = 0;
    if (bothKinds)
      for (let k = numberOffsets[j]; k < numberOffsets[j + 1]; k++)
        if (this.numberMark[numbers[k]]) agreed |= this.batch.numberKinds[numbers[k]];
    const conflict = (bothKinds & ~agreed) !== 0;
    return damp(dot * factor, conflict, Math.abs(this.times[i] - this.times[j]) / HOUR_MS, this.opts);
  }

  // Each report names someone the other does not mention: the factor for that, once key-name
  // phrases written as both words instead ("Ahmed Musa" against a link's "ahmed-musa") count as
  // mentioned. The partner's phrases are looked up in the spread article's dense arrays; the spread
  // article's, only when still needed, by binary search in the partner's features.
  private nameConflict(i: number, j: number, iKeyMet: number, jKeyMet: number): number {
    const { first, second } = this.batch.phraseWords;
    const phrases = this.keyPhrases;
    for (let p = this.phraseOffsets[j]; p < this.phraseOffsets[j + 1]; p++) {
      const f = phrases[p];
      if (this.dense[f] === 0 && this.dense[first[f]] !== 0 && this.dense[second[f]] !== 0) jKeyMet++;
    }
    if (jKeyMet >= this.keyNames[j]) return 1;
    for (let p = this.phraseOffsets[i]; p < this.phraseOffsets[i + 1]; p++) {
      const f = phrases[p];
      if (!this.holds(j, f) && this.holds(j, first[f]) && this.holds(j, second[f])) iKeyMet++;
    }
    if (iKeyMet >= this.keyNames[i]) return 1;
    // Not one of the names either report is about appears in the other: two different people or places.
    const strangers = iKeyMet === 0 && jKeyMet === 0;
    return this.opts.nameConflictFactor * (strangers ? this.opts.strangerNamesFactor : 1);
  }

  /** Whether article j has feature f: a binary search of its ascending features. */
  private holds(j: number, f: number): boolean {
    const { offsets, features } = this.batch.flat;
    const at = lowerBound(features, f, offsets[j], offsets[j + 1]);
    return at < offsets[j + 1] && features[at] === f;
  }

  // A name few articles carry says who or where; one in many ("Trump", "US") says little.
  private isSpecific(feature: number): boolean {
    return this.batch.documentFrequency[feature] <= this.maxSpecificFrequency;
  }

  private spread(i: number): void {
    const { vectors } = this.batch;
    if (this.current >= 0) {
      const old = vectors[this.current];
      for (const f of old.features) {
        this.dense[f] = 0;
        this.denseRole[f] = 0;
      }
      for (const f of old.numbers) this.numberMark[f] = 0;
    }
    const v = vectors[i];
    for (let k = 0; k < v.features.length; k++) {
      this.dense[v.features[k]] = v.weights[k];
      this.denseRole[v.features[k]] = v.roles[k];
    }
    for (const f of v.numbers) this.numberMark[f] = 1;
    this.current = i;
  }
}

function damp(
  similarity: number,
  conflictingNumbers: boolean,
  hoursApart: number,
  opts: Pick<ClusterOptions, "numberConflictFactor" | "timeGraceHours" | "timeHalfLifeHours">,
): number {
  if (similarity === 0) return 0;
  let damped = similarity;
  if (conflictingNumbers) damped *= opts.numberConflictFactor;
  const lateness = hoursApart - opts.timeGraceHours;
  if (lateness > 0) damped *= Math.pow(0.5, lateness / opts.timeHalfLifeHours);
  return damped;
}
