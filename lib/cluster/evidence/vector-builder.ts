/**
 * Builds the batch's vectors: every article's features into one growing buffer, then unit TF-IDF
 * weights, ids renumbered by frequency and each article's features sorted (lib/cluster/evidence/vectors.ts).
 */
import { grow } from "@/lib/cluster/typed-arrays";
import { ROLE_HEADLINE_NUMBER, type BatchVectors } from "@/lib/cluster/evidence/vectors";

/**
 * Collects every article's features into one growing buffer (no map per article), then turns term
 * frequencies into unit TF-IDF vectors in place. One buffer in batch order also means neighbouring
 * articles share cache lines, which keeps large batches from paying for scattered memory.
 */
export class VectorBuilder {
  private features: Int32Array;
  private tf: Float64Array;
  private boost: Float64Array;
  /** Per entry, its ROLE_* flags in this article. */
  private roles: Uint8Array;
  private length = 0;
  private readonly offsets: Int32Array;
  private articles = 0;
  /** Per feature id, the phrase it belongs to ("saudi" → "saudiarabia"), or -1. */
  private groupOf = new Int32Array(1024).fill(-1);
  /** Per phrase id, its first and second word ids, or -1. */
  private phraseFirst = new Int32Array(1024).fill(-1);
  private phraseSecond = new Int32Array(1024).fill(-1);
  /** Per feature id, its place in the buffer while the current article holds it. */
  private slot = new Int32Array(1024).fill(-1);

  /** `entries`: room to start with (the buffer grows past it when needed, by copying). */
  constructor(articleCount: number, entries = 1024) {
    this.offsets = new Int32Array(articleCount + 1);
    const room = Math.max(1, entries);
    this.features = new Int32Array(room);
    this.tf = new Float64Array(room);
    this.boost = new Float64Array(room);
    this.roles = new Uint8Array(room);
  }

  add(id: number, tf: number, boost: number, role = 0): void {
    if (id >= this.slot.length) this.slot = grow(this.slot, id + 1, -1);
    const at = this.slot[id];
    if (at >= this.offsets[this.articles]) {
      this.tf[at] += tf;
      this.boost[at] = Math.max(this.boost[at], boost);
      this.roles[at] |= role;
      return;
    }
    if (this.length === this.features.length) {
      this.features = grow(this.features, this.length + 1, 0);
      this.tf = grow(this.tf, this.length + 1, 0);
      this.boost = grow(this.boost, this.length + 1, 0);
      const roles = new Uint8Array(this.features.length);
      roles.set(this.roles);
      this.roles = roles;
    }
    this.features[this.length] = id;
    this.tf[this.length] = tf;
    this.boost[this.length] = boost;
    this.roles[this.length] = role;
    this.slot[id] = this.length++;
  }

  /** True when the current article already has the feature. */
  holds(id: number): boolean {
    return id < this.slot.length && this.slot[id] >= this.offsets[this.articles];
  }

  /** Records that a phrase and its two words name one thing (each word keeps its first phrase). */
  group(phrase: number, first: number, second: number): void {
    const largest = Math.max(phrase, first, second);
    if (largest >= this.groupOf.length) this.groupOf = grow(this.groupOf, largest + 1, -1);
    if (phrase >= this.phraseFirst.length) {
      this.phraseFirst = grow(this.phraseFirst, phrase + 1, -1);
      this.phraseSecond = grow(this.phraseSecond, phrase + 1, -1);
    }
    if (this.phraseFirst[phrase] < 0) {
      this.phraseFirst[phrase] = first;
      this.phraseSecond[phrase] = second;
    }
    const root = this.groupOf[phrase] >= 0 ? this.groupOf[phrase] : phrase;
    for (const id of [phrase, first, second]) if (this.groupOf[id] < 0) this.groupOf[id] = root;
  }

  endArticle(): void {
    this.articles += 1;
    this.offsets[this.articles] = this.length;
  }

  finish(
    featureCount: number,
    isNumber: Uint8Array,
    isTitleOrYear: Uint8Array,
  ): Omit<BatchVectors, "withSummary"> {
    const n = this.articles;
    const features = this.features.slice(0, this.length);
    const { documentFrequency, newId } = renumberByFrequency(features, featureCount);
    for (let k = 0; k < features.length; k++) features[k] = newId[features[k]];
    const numberFeature = renumbered(isNumber, newId);
    const titleOrYear = renumbered(isTitleOrYear, newId);
    const weights = new Float64Array(this.length);
    const roles = this.roles.slice(0, this.length);
    const numberList: number[] = [];
    const numberOffsets = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      const start = this.offsets[i];
      const end = this.offsets[i + 1];
      let norm = 0;
      for (let k = start; k < end; k++) {
        const tf = this.tf[k];
        const w =
          (tf <= 1 ? tf : 1 + Math.log(tf)) *
          Math.log(1 + n / documentFrequency[features[k]]) *
          this.boost[k];
        weights[k] = w;
        norm += w * w;
      }
      norm = Math.sqrt(norm);
      if (norm > 0) for (let k = start; k < end; k++) weights[k] /= norm;
      const headlineNumbers: number[] = [];
      for (let k = start; k < end; k++)
        if (numberFeature[features[k]] && this.roles[k] & ROLE_HEADLINE_NUMBER)
          headlineNumbers.push(features[k]);
      numberList.push(...headlineNumbers.sort((a, b) => a - b));
      numberOffsets[i + 1] = numberList.length;
      sortSegment(features, weights, roles, start, end);
    }
    const numbers = Int32Array.from(numberList);
    const vectors = Array.from({ length: n }, (_, i) => ({
      features: features.subarray(this.offsets[i], this.offsets[i + 1]),
      weights: weights.subarray(this.offsets[i], this.offsets[i + 1]),
      roles: roles.subarray(this.offsets[i], this.offsets[i + 1]),
      numbers: numbers.subarray(numberOffsets[i], numberOffsets[i + 1]),
    }));
    let sharedFeatureCount = 0;
    while (sharedFeatureCount < documentFrequency.length && documentFrequency[sharedFeatureCount] >= 2)
      sharedFeatureCount++;
    const flat = { offsets: this.offsets, features, weights, roles, numberOffsets, numbers };
    const featureGroup = new Int32Array(featureCount);
    for (let old = 0; old < featureCount; old++) {
      const group = old < this.groupOf.length && this.groupOf[old] >= 0 ? this.groupOf[old] : old;
      featureGroup[newId[old]] = newId[group];
    }
    const phraseWords = {
      first: new Int32Array(featureCount).fill(-1),
      second: new Int32Array(featureCount).fill(-1),
    };
    for (let old = 0; old < Math.min(featureCount, this.phraseFirst.length); old++) {
      if (this.phraseFirst[old] < 0) continue;
      phraseWords.first[newId[old]] = newId[this.phraseFirst[old]];
      phraseWords.second[newId[old]] = newId[this.phraseSecond[old]];
    }
    return {
      vectors,
      documentFrequency,
      sharedFeatureCount,
      flat,
      featureGroup,
      phraseWords,
      numberKinds: numberFeature,
      titleOrYear,
    };
  }
}

/** Per-feature flags under the features' new ids (renumberByFrequency). */
function renumbered(flags: Uint8Array, newId: Int32Array): Uint8Array {
  const out = new Uint8Array(flags.length);
  flags.forEach((flag, old) => (out[newId[old]] = flag));
  return out;
}

// Ids by descending frequency (ties by first appearance): the features most articles carry get the
// smallest ids, so lookups by id stay in a small, cache-resident range, and features no other
// article shares come last in every vector, where a dot product can stop early.
function renumberByFrequency(
  features: Int32Array,
  featureCount: number,
): { documentFrequency: Int32Array; newId: Int32Array } {
  const oldFrequency = new Int32Array(featureCount);
  for (const f of features) oldFrequency[f] += 1;
  let maxFrequency = 0;
  for (const df of oldFrequency) maxFrequency = Math.max(maxFrequency, df);
  // A counting sort: linear, and stable, so equal frequencies keep their first-appearance order.
  const startOf = new Int32Array(maxFrequency + 2);
  for (const df of oldFrequency) startOf[maxFrequency - df + 1] += 1;
  for (let d = 1; d < startOf.length; d++) startOf[d] += startOf[d - 1];
  const newId = new Int32Array(featureCount);
  const documentFrequency = new Int32Array(featureCount);
  for (let old = 0; old < featureCount; old++) {
    const id = startOf[maxFrequency - oldFrequency[old]]++;
    newId[old] = id;
    documentFrequency[id] = oldFrequency[old];
  }
  return { documentFrequency, newId };
}

/** Sorts one article's features ascending (weights and roles alongside): insertion sort, articles are short. */
function sortSegment(
  features: Int32Array,
  weights: Float64Array,
  roles: Uint8Array,
  start: number,
  end: number,
): void {
  for (let k = start + 1; k < end; k++) {
    const feature = features[k];
    const weight = weights[k];
    const role = roles[k];
    let at = k;
    while (at > start && features[at - 1] > feature) {
      features[at] = features[at - 1];
      weights[at] = weights[at - 1];
      roles[at] = roles[at - 1];
      at -= 1;
    }
    features[at] = feature;
    weights[at] = weight;
    roles[at] = role;
  }
}
