/**
 * Turns a batch of articles into sparse, L2-normalised TF-IDF vectors in which names and numbers
 * weigh more: they are what tells one event from another ("magnitude 6.1 in Chile" vs "7.3 in Peru").
 */
import { isYear, stem, tokenizeText, type Token, type TokenizedText } from "@/lib/cluster/tokenize";
import type { ClusterArticle } from "@/lib/cluster/types";
import { grow } from "@/lib/cluster/typed-arrays";

export interface ArticleVector {
  /** Feature ids, ascending. */
  features: Int32Array;
  /** Weights aligned with features; the vector has unit length (or is empty). */
  weights: Float64Array;
  /** Ids of the number features other than years, ascending: two different sets mean two different events. */
  numbers: Int32Array;
}

export interface BatchVectors {
  vectors: ArticleVector[];
  /** Per feature id, how many articles of the batch carry it; ids run from the most frequent down. */
  documentFrequency: Int32Array;
  /** Ids below this are carried by two articles or more; the rest by one, so they never add to a dot product. */
  sharedFeatureCount: number;
  /** Per feature id, the id standing for the name it is part of ("saudi", "arabia" → "saudiarabia"), else itself. */
  featureGroup: Int32Array;
  /** The same vectors as flat arrays (article i owns entries offsets[i] to offsets[i + 1]), for hot loops. */
  flat: { offsets: Int32Array; features: Int32Array; weights: Float64Array; numberOffsets: Int32Array; numbers: Int32Array };
}

export interface FeatureWeights {
  /** Multiplier for a detected name (a capitalised word that is not merely a sentence start). */
  nameBoost: number;
  /** Multiplier for a number. */
  numberBoost: number;
  /** Multiplier for two adjacent names read as one phrase ("lena dunham", "mt gox"). */
  phraseBoost: number;
  /** A summary word counts this much against a headline word. */
  summaryWeight: number;
}

export const DEFAULT_FEATURE_WEIGHTS: FeatureWeights = { nameBoost: 1.6, numberBoost: 1.6, phraseBoost: 1.2, summaryWeight: 0.5 };

interface TermStats {
  capitalizedInProse: number;
  lowercase: number;
}

/** Vectorises the batch; the IDF comes from the batch itself, so no corpus statistics are stored. */
export function vectorizeArticles(articles: ClusterArticle[], weights: FeatureWeights = DEFAULT_FEATURE_WEIGHTS): BatchVectors {
  const texts = articles.map((a) => [tokenizeText(a.title), tokenizeText(a.summary)] as const);
  const lexicon = buildNameLexicon(texts);
  const ids = new Map<string, number>();
  const builder = new VectorBuilder(articles.length);
  const boilerplate = outletBoilerplate(articles, texts);
  texts.forEach(([title, summary], i) => {
    const skip = boilerplate.get(articles[i].sourceId);
    addTextFeatures(builder, title, 1, lexicon, ids, weights, skip?.[0]);
    addTextFeatures(builder, summary, weights.summaryWeight, lexicon, ids, weights, skip?.[1]);
    builder.endArticle();
  });
  const isNumber = new Uint8Array(ids.size);
  for (const [key, id] of ids) if (key.startsWith("#") && !isYear(key.slice(1))) isNumber[id] = 1;
  return builder.finish(ids.size, isNumber);
}

// An outlet that puts the same words under every item ("Subscribe to our channel", a byline, a
// section name) would otherwise tie all its articles together. A term in at least half of an
// outlet's summaries is that outlet's boilerplate; in titles, where one outlet may cover one story
// all day, only a term in nearly all of them is.
const BOILERPLATE = [
  { share: 0.9, minArticles: 10 },
  { share: 0.5, minArticles: 5 },
] as const;

/** Per outlet, the boilerplate terms of its titles and of its summaries. */
function outletBoilerplate(articles: ClusterArticle[], texts: (readonly TokenizedText[])[]): Map<string, Set<string>[]> {
  const byOutlet = new Map<string, number[]>();
  articles.forEach((a, i) => {
    const members = byOutlet.get(a.sourceId);
    if (members) members.push(i);
    else byOutlet.set(a.sourceId, [i]);
  });
  const result = new Map<string, Set<string>[]>();
  for (const [source, members] of byOutlet) {
    const sets = BOILERPLATE.map(({ share, minArticles }, field) => {
      const found = new Set<string>();
      if (members.length < minArticles) return found;
      const counts = new Map<string, number>();
      for (const i of members) for (const term of new Set(texts[i][field].tokens.map((t) => t.term))) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, count] of counts) if (count >= share * members.length) found.add(term);
      return found;
    });
    if (sets.some((set) => set.size > 0)) result.set(source, sets);
  }
  return result;
}

/** Dot product of two unit vectors: their cosine similarity. */
export function cosine(a: ArticleVector, b: ArticleVector): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  const fa = a.features;
  const fb = b.features;
  while (i < fa.length && j < fb.length) {
    if (fa[i] === fb[j]) sum += a.weights[i++] * b.weights[j++];
    else if (fa[i] < fb[j]) i++;
    else j++;
  }
  return sum;
}

/** True when both articles state numbers (years aside) and share none of them. */
export function hasConflictingNumbers(a: ArticleVector, b: ArticleVector): boolean {
  if (a.numbers.length === 0 || b.numbers.length === 0) return false;
  let i = 0;
  let j = 0;
  while (i < a.numbers.length && j < b.numbers.length) {
    if (a.numbers[i] === b.numbers[j]) return false;
    if (a.numbers[i] < b.numbers[j]) i++;
    else j++;
  }
  return true;
}

// A word capitalised mid-sentence in ordinary prose is a name; Title Case headlines give no such
// evidence, so there the batch's prose decides ("Gox" is capitalised wherever it appears, "Files" is not).
function buildNameLexicon(texts: (readonly TokenizedText[])[]): Map<string, TermStats> {
  const lexicon = new Map<string, TermStats>();
  for (const text of texts.flat()) {
    for (const token of text.tokens) {
      if (token.kind !== "word") continue;
      const stats = lexicon.get(token.term) ?? { capitalizedInProse: 0, lowercase: 0 };
      if (!token.capitalized) stats.lowercase += 1;
      else if (!text.titleCase && !token.sentenceStart) stats.capitalizedInProse += 1;
      lexicon.set(token.term, stats);
    }
  }
  return lexicon;
}

function isName(token: Token, text: TokenizedText, lexicon: Map<string, TermStats>): boolean {
  if (token.kind !== "word" || !token.capitalized) return false;
  if (token.strongName) return true;
  if (!text.titleCase && !token.sentenceStart) return true;
  const stats = lexicon.get(token.term);
  if (!stats || stats.capitalizedInProse === 0) return false;
  return stats.capitalizedInProse >= 2 * stats.lowercase;
}

function addTextFeatures(
  builder: VectorBuilder,
  text: TokenizedText,
  fieldWeight: number,
  lexicon: Map<string, TermStats>,
  ids: Map<string, number>,
  weights: FeatureWeights,
  skip?: Set<string>,
): void {
  const add = (key: string, boost: number): number => {
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
    }
    builder.add(id, fieldWeight, boost);
    return id;
  };
  let previousName: Token | null = null;
  let previousId = -1;
  for (const token of text.tokens) {
    if (skip?.has(token.term)) {
      previousName = null;
      continue;
    }
    if (token.kind === "number") {
      add("#" + token.term, weights.numberBoost);
      previousName = null;
      continue;
    }
    const name = isName(token, text, lexicon);
    const id = add(token.term, name ? weights.nameBoost : 1);
    if (name && previousName && previousName.position === token.position - 1) {
      // Joined, so "Mt. Gox" meets "MtGox" and "Flappy Bird" meets "#FlappyBird".
      const phrase = add(stem(previousName.word + token.word), weights.phraseBoost);
      builder.group(phrase, previousId, id);
    }
    previousName = name ? token : null;
    previousId = id;
  }
}

/**
 * Collects every article's features into one growing buffer (no map per article), then turns term
 * frequencies into unit TF-IDF vectors in place. One buffer in batch order also means neighbouring
 * articles share cache lines, which keeps large batches from paying for scattered memory.
 */
class VectorBuilder {
  private features = new Int32Array(1024);
  private tf = new Float64Array(1024);
  private boost = new Float64Array(1024);
  private length = 0;
  private readonly offsets: Int32Array;
  private articles = 0;
  /** Per feature id, the phrase it belongs to ("saudi" → "saudiarabia"), or -1. */
  private groupOf = new Int32Array(1024).fill(-1);
  /** Per feature id, its place in the buffer while the current article holds it. */
  private slot = new Int32Array(1024).fill(-1);

  constructor(articleCount: number) {
    this.offsets = new Int32Array(articleCount + 1);
  }

  add(id: number, tf: number, boost: number): void {
    if (id >= this.slot.length) this.slot = grow(this.slot, id + 1, -1);
    const at = this.slot[id];
    if (at >= this.offsets[this.articles]) {
      this.tf[at] += tf;
      this.boost[at] = Math.max(this.boost[at], boost);
      return;
    }
    if (this.length === this.features.length) {
      this.features = grow(this.features, this.length + 1, 0);
      this.tf = grow(this.tf, this.length + 1, 0);
      this.boost = grow(this.boost, this.length + 1, 0);
    }
    this.features[this.length] = id;
    this.tf[this.length] = tf;
    this.boost[this.length] = boost;
    this.slot[id] = this.length++;
  }

  /** Records that a phrase and its two words name one thing (each word keeps its first phrase). */
  group(phrase: number, first: number, second: number): void {
    const largest = Math.max(phrase, first, second);
    if (largest >= this.groupOf.length) this.groupOf = grow(this.groupOf, largest + 1, -1);
    const root = this.groupOf[phrase] >= 0 ? this.groupOf[phrase] : phrase;
    for (const id of [phrase, first, second]) if (this.groupOf[id] < 0) this.groupOf[id] = root;
  }

  endArticle(): void {
    this.articles += 1;
    this.offsets[this.articles] = this.length;
  }

  finish(featureCount: number, isNumber: Uint8Array): BatchVectors {
    const n = this.articles;
    const features = this.features.slice(0, this.length);
    const { documentFrequency, newId } = renumberByFrequency(features, featureCount);
    for (let k = 0; k < features.length; k++) features[k] = newId[features[k]];
    const numberFeature = new Uint8Array(featureCount);
    isNumber.forEach((flag, old) => (numberFeature[newId[old]] = flag));
    const weights = new Float64Array(this.length);
    const numberList: number[] = [];
    const numberOffsets = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      const start = this.offsets[i];
      const end = this.offsets[i + 1];
      let norm = 0;
      for (let k = start; k < end; k++) {
        const tf = this.tf[k];
        const w = (tf <= 1 ? tf : 1 + Math.log(tf)) * Math.log(1 + n / documentFrequency[features[k]]) * this.boost[k];
        weights[k] = w;
        norm += w * w;
      }
      norm = Math.sqrt(norm);
      if (norm > 0) for (let k = start; k < end; k++) weights[k] /= norm;
      sortSegment(features, weights, start, end);
      for (let k = start; k < end; k++) if (numberFeature[features[k]]) numberList.push(features[k]);
      numberOffsets[i + 1] = numberList.length;
    }
    const numbers = Int32Array.from(numberList);
    const vectors = Array.from({ length: n }, (_, i) => ({
      features: features.subarray(this.offsets[i], this.offsets[i + 1]),
      weights: weights.subarray(this.offsets[i], this.offsets[i + 1]),
      numbers: numbers.subarray(numberOffsets[i], numberOffsets[i + 1]),
    }));
    let sharedFeatureCount = 0;
    while (sharedFeatureCount < documentFrequency.length && documentFrequency[sharedFeatureCount] >= 2) sharedFeatureCount++;
    const flat = { offsets: this.offsets, features, weights, numberOffsets, numbers };
    const featureGroup = new Int32Array(featureCount);
    for (let old = 0; old < featureCount; old++) {
      const group = old < this.groupOf.length && this.groupOf[old] >= 0 ? this.groupOf[old] : old;
      featureGroup[newId[old]] = newId[group];
    }
    return { vectors, documentFrequency, sharedFeatureCount, flat, featureGroup };
  }
}

// Ids by descending frequency (ties by first appearance): the features most articles carry get the
// smallest ids, so lookups by id stay in a small, cache-resident range, and features no other
// article shares come last in every vector, where a dot product can stop early.
function renumberByFrequency(features: Int32Array, featureCount: number): { documentFrequency: Int32Array; newId: Int32Array } {
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

/** Sorts one article's features ascending (weights alongside): insertion sort, articles are short. */
function sortSegment(features: Int32Array, weights: Float64Array, start: number, end: number): void {
  for (let k = start + 1; k < end; k++) {
    const feature = features[k];
    const weight = weights[k];
    let at = k;
    while (at > start && features[at - 1] > feature) {
      features[at] = features[at - 1];
      weights[at] = weights[at - 1];
      at -= 1;
    }
    features[at] = feature;
    weights[at] = weight;
  }
}
