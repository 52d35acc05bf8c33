/**
 * Pair evidence: what two articles of a batch have in common and what tells them apart, as one
 * record of numbers (EVIDENCE_FEATURES, lib/cluster/evidence/evidence-features.ts) that a pair model (lib/cluster/score/pair-model.ts) weighs into
 * one score. The former hand rules are features here: only names in common, each report naming
 * someone the other never mentions ("Queensland man" against a man in the West Midlands), neither
 * meeting the other's names at all, headlines that state different numbers (magnitude 6.1 against
 * 7.3), publication far apart; beside them the cosine, what the pair shares besides names, how rare
 * the rarest shared name is, what the headlines share, and whether one outlet wrote both.
 *
 * Fast for many pairs sharing a first article: that article's vector is spread into dense arrays
 * once, so each partner costs one pass over its own features. tests/unit/cluster/pair-evidence.test.ts
 * holds a plain reference it must equal on every candidate pair of generated batches.
 */
import { ROLE_HEADLINE, ROLE_KEY_NAME, ROLE_NAME, type BatchVectors } from "@/lib/cluster/evidence/vectors";
import { lowerBound } from "@/lib/cluster/typed-arrays";
import { EVIDENCE_TUNING } from "@/lib/cluster/tuning";
import { EVIDENCE_FEATURES, type EvidenceFeature } from "@/lib/cluster/evidence/evidence-features";

const F = Object.fromEntries(EVIDENCE_FEATURES.map((name, k) => [name, k])) as Record<
  EvidenceFeature,
  number
>;

const HOUR_MS = 3_600_000;
const DAY_HOURS = 24;
/** A document frequency above any: the pair shares no name. */
const NO_NAME = 0x7fffffff;
/** Bits of PairEvidence's per-feature kinds: carried by few articles (EVIDENCE_TUNING.rareIdf), a specific name (isSpecific). */
const RARE = 1;
const SPECIFIC = 2;

/** What a pair shares, summed over its shared features (lib/cluster/evidence/pair-evidence.ts fill). */
interface Overlap {
  /** The cosine. */
  dot: number;
  /** Its part from words that are no name in either report. */
  content: number;
  /** Specific key names of i (of j) met in the other. */
  iKeyMet: number;
  jKeyMet: number;
  /** The largest shared thing's part: a word, or a name with its words and phrase. */
  top: number;
  /** The smallest document frequency of a shared name (NO_NAME when none). */
  rarestName: number;
  /** The part of features both headlines hold. */
  headline: number;
  /** How many features they share, and how many of them are rare. */
  count: number;
  rare: number;
}

/**
 * The most articles of a batch of `articleCount` that carry a specific name (EVIDENCE_TUNING.specificNameShare):
 * a name few articles carry says who or where; one in many ("Trump", "US") says little.
 */
export function maxSpecificFrequency(articleCount: number): number {
  return Math.max(2, Math.floor(EVIDENCE_TUNING.specificNameShare * articleCount));
}

/** Fills evidence records for pairs of one batch; cheapest when consecutive calls share i. */
export class PairEvidence {
  private readonly dense: Float64Array;
  private readonly denseRole: Uint8Array;
  private readonly numberMark: Uint8Array;
  /** Per feature group, its share of the dot product being computed (touched lists the ones in use). */
  private readonly groupShare: Float64Array;
  private readonly touched: Int32Array;
  /** Per feature id, RARE and SPECIFIC: what measuring a pair asks of each shared feature, worked out once. */
  private readonly featureKinds: Uint8Array;
  /** Per article, the kinds of number its headline states. */
  private readonly numberKinds: Uint8Array;
  /** Per article, how many specific names its headline and lead state. */
  private readonly keyNames: Int32Array;
  /** Per article, its specific key names that are phrases (article i owns keyPhrases[phraseOffsets[i]…[i + 1]]). */
  private readonly phraseOffsets: Int32Array;
  private readonly keyPhrases: Int32Array;
  private readonly maxSpecificFrequency: number;
  /** Per document frequency, ln(batch size / it) / ln(batch size): an idf that reads 0..1. */
  private readonly idfOf: Float64Array;
  private current = -1;
  private readonly overlap: Overlap = {
    dot: 0,
    content: 0,
    iKeyMet: 0,
    jKeyMet: 0,
    top: 0,
    rarestName: NO_NAME,
    headline: 0,
    count: 0,
    rare: 0,
  };

  constructor(
    private readonly batch: BatchVectors,
    private readonly times: Float64Array,
    /** Per article, a number standing for its outlet. */
    private readonly outlets: Int32Array,
  ) {
    const featureCount = batch.documentFrequency.length;
    const n = batch.vectors.length;
    this.dense = new Float64Array(featureCount);
    this.denseRole = new Uint8Array(featureCount);
    this.numberMark = new Uint8Array(featureCount);
    this.groupShare = new Float64Array(featureCount);
    this.touched = new Int32Array(featureCount);
    // Plain loops, not TypedArray.from with a mapping function: that walks generically, an
    // iterator step and a call per entry, and these run per article and per feature of the batch.
    this.numberKinds = new Uint8Array(n);
    batch.vectors.forEach((v, i) => {
      for (const f of v.numbers) this.numberKinds[i] |= batch.numberKinds[f];
    });
    this.maxSpecificFrequency = maxSpecificFrequency(n);
    const idfScale = n > 2 ? 1 / Math.log(n) : 1;
    this.idfOf = new Float64Array(n + 1);
    for (let df = 1; df <= n; df++) this.idfOf[df] = Math.log(n / df) * idfScale;
    this.featureKinds = new Uint8Array(featureCount);
    for (let f = 0; f < featureCount; f++)
      this.featureKinds[f] =
        (this.idfOf[batch.documentFrequency[f]] >= EVIDENCE_TUNING.rareIdf ? RARE : 0) |
        (this.isSpecific(f) ? SPECIFIC : 0);
    this.keyNames = new Int32Array(n);
    batch.vectors.forEach((v, i) => {
      for (let k = 0; k < v.features.length; k++)
        if (v.roles[k] & ROLE_KEY_NAME && this.isSpecific(v.features[k])) this.keyNames[i]++;
    });
    const phrases: number[] = [];
    this.phraseOffsets = new Int32Array(n + 1);
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

  /**
   * Writes the evidence of articles i and j into `out`; false (and `out` untouched) when they share
   * nothing. Without `costly`, the COSTLY_FEATURES are written as 0, for fillCostly to fill in.
   */
  fill(i: number, j: number, out: Float64Array, costly = true): boolean {
    if (i !== this.current) this.spread(i);
    const overlap = this.measureOverlap(j);
    if (overlap.dot === 0) return false;
    this.writeEvidence(i, j, overlap, out);
    if (costly) this.fillCostly(i, j, out);
    else out[F.nameConflict] = out[F.strangerNames] = out[F.numberConflict] = 0;
    return true;
  }

  /** Writes the COSTLY_FEATURES of the pair fill was last given (i and j as given there). */
  fillCostly(i: number, j: number, out: Float64Array): void {
    const o = this.overlap;
    const met =
      o.iKeyMet < this.keyNames[i] && o.jKeyMet < this.keyNames[j]
        ? this.phraseMet(i, j, o.iKeyMet, o.jKeyMet)
        : -1;
    out[F.nameConflict] = met >= 0 ? 1 : 0;
    out[F.strangerNames] = met === 0 ? 1 : 0;
    out[F.numberConflict] = this.numberConflict(i, j);
  }

  /** Sums what article j shares with the spread article (into this.overlap, reused pair after pair). */
  private measureOverlap(j: number): Overlap {
    // The flat arrays, not the per-article views: one less pointer to chase per partner.
    const { offsets, features, weights, roles } = this.batch.flat;
    const { featureGroup, documentFrequency } = this.batch;
    const shared = this.batch.sharedFeatureCount;
    const { dense, denseRole, groupShare, touched, featureKinds } = this;
    let touchedCount = 0;
    let dot = 0;
    let content = 0;
    let iKeyMet = 0;
    let jKeyMet = 0;
    let top = 0;
    let rarestName = NO_NAME;
    let headline = 0;
    let count = 0;
    let rare = 0;
    // Features are ascending and the unshared ones come last: they cannot meet i's, so stop there.
    for (let k = offsets[j], end = offsets[j + 1]; k < end && features[k] < shared; k++) {
      const f = features[k];
      const w = dense[f];
      if (w === 0) continue;
      const part = w * weights[k];
      dot += part;
      count++;
      const kind = featureKinds[f];
      if (kind & RARE) rare++;
      const iRole = denseRole[f];
      const jRole = roles[k];
      if (iRole & jRole & ROLE_HEADLINE) headline += part;
      if (!((iRole | jRole) & ROLE_NAME)) {
        content += part;
        if (part > top) top = part;
        continue;
      }
      const df = documentFrequency[f];
      if (df < rarestName) rarestName = df;
      // A name's words and its phrase count as one thing: their shares add up by group.
      const group = featureGroup[f];
      if (groupShare[group] === 0) touched[touchedCount++] = group;
      groupShare[group] += part;
      if (kind & SPECIFIC) {
        if (iRole & ROLE_KEY_NAME) iKeyMet++;
        if (jRole & ROLE_KEY_NAME) jKeyMet++;
      }
    }
    for (let t = 0; t < touchedCount; t++) {
      const group = touched[t];
      if (groupShare[group] > top) top = groupShare[group];
      groupShare[group] = 0;
    }
    const o = this.overlap;
    o.dot = dot;
    o.content = content;
    o.iKeyMet = iKeyMet;
    o.jKeyMet = jKeyMet;
    o.top = top;
    o.rarestName = rarestName;
    o.headline = headline;
    o.count = count;
    o.rare = rare;
    return o;
  }

  /** The evidence record of a pair that shares something, from its overlap, the COSTLY_FEATURES aside. */
  private writeEvidence(i: number, j: number, o: Overlap, out: Float64Array): void {
    const hours = Math.abs(this.times[i] - this.times[j]) / HOUR_MS;
    const both = this.batch.withSummary[i] & this.batch.withSummary[j];
    const residual = o.dot - o.top;
    out[F.logCosine] = Math.log(o.dot);
    out[F.cosine] = o.dot;
    out[F.sharedContent] = o.content;
    out[F.residual] = residual;
    out[F.singleConcept] = residual < EVIDENCE_TUNING.minResidual ? 1 : 0;
    out[F.namesOnly] = both && o.content < EVIDENCE_TUNING.minSharedContent ? 1 : 0;
    out[F.lateDays] = Math.max(0, hours - EVIDENCE_TUNING.graceHours) / DAY_HOURS;
    out[F.daysApart] = hours / DAY_HOURS;
    out[F.bothSummaries] = both;
    out[F.rarestName] = o.rarestName === NO_NAME ? 0 : this.idfOf[o.rarestName];
    out[F.keyNamesMet] =
      Math.min(o.iKeyMet + o.jKeyMet, EVIDENCE_TUNING.maxKeyNamesMet) / EVIDENCE_TUNING.maxKeyNamesMet;
    out[F.sameOutlet] = this.outlets[i] === this.outlets[j] ? 1 : 0;
    out[F.sharedHeadline] = o.headline;
    out[F.sharedCount] = Math.min(1, o.count / EVIDENCE_TUNING.manyShared);
    out[F.sharedRare] = Math.min(1, o.rare / EVIDENCE_TUNING.manyRare);
  }

  /** 1 when both headlines state numbers of one kind and j's share none of that kind with the spread article i. */
  private numberConflict(i: number, j: number): number {
    const { numberOffsets, numbers } = this.batch.flat;
    const bothKinds = this.numberKinds[i] & this.numberKinds[j];
    let agreed = 0;
    if (bothKinds)
      for (let k = numberOffsets[j]; k < numberOffsets[j + 1]; k++)
        if (this.numberMark[numbers[k]]) agreed |= this.batch.numberKinds[numbers[k]];
    return (bothKinds & ~agreed) !== 0 ? 1 : 0;
  }

  // Each report names someone the other does not mention, once key-name phrases written as both
  // words instead ("Ahmed Musa" against a link's "ahmed-musa") count as mentioned: -1 when that
  // clears the conflict, else how many key names either met in the other. The partner's phrases are
  // looked up in the spread article's dense arrays; the spread article's, only when still needed,
  // by binary search in the partner's features.
  private phraseMet(i: number, j: number, iKeyMet: number, jKeyMet: number): number {
    const { first, second } = this.batch.phraseWords;
    const phrases = this.keyPhrases;
    for (let p = this.phraseOffsets[j]; p < this.phraseOffsets[j + 1]; p++) {
      const f = phrases[p];
      if (this.dense[f] === 0 && this.dense[first[f]] !== 0 && this.dense[second[f]] !== 0) jKeyMet++;
    }
    if (jKeyMet >= this.keyNames[j]) return -1;
    for (let p = this.phraseOffsets[i]; p < this.phraseOffsets[i + 1]; p++) {
      const f = phrases[p];
      if (!this.holds(j, f) && this.holds(j, first[f]) && this.holds(j, second[f])) iKeyMet++;
    }
    if (iKeyMet >= this.keyNames[i]) return -1;
    return iKeyMet + jKeyMet;
  }

  /** Whether article j has feature f: a binary search of its ascending features. */
  private holds(j: number, f: number): boolean {
    const { offsets, features } = this.batch.flat;
    const at = lowerBound(features, f, offsets[j], offsets[j + 1]);
    return at < offsets[j + 1] && features[at] === f;
  }

  private isSpecific(feature: number): boolean {
    return this.batch.documentFrequency[feature] <= this.maxSpecificFrequency;
  }

  // Only i's shared features are spread: fill stops at the unshared ones, and a feature no other
  // article carries can never be looked up from a partner. Flat arrays, as in fill.
  private spread(i: number): void {
    const { offsets, features, weights, roles, numberOffsets, numbers } = this.batch.flat;
    const shared = this.batch.sharedFeatureCount;
    const old = this.current;
    if (old >= 0) {
      for (let k = offsets[old], end = offsets[old + 1]; k < end && features[k] < shared; k++) {
        this.dense[features[k]] = 0;
        this.denseRole[features[k]] = 0;
      }
      for (let k = numberOffsets[old]; k < numberOffsets[old + 1]; k++) this.numberMark[numbers[k]] = 0;
    }
    for (let k = offsets[i], end = offsets[i + 1]; k < end && features[k] < shared; k++) {
      this.dense[features[k]] = weights[k];
      this.denseRole[features[k]] = roles[k];
    }
    for (let k = numberOffsets[i]; k < numberOffsets[i + 1]; k++) this.numberMark[numbers[k]] = 1;
    this.current = i;
  }
}
