/**
 * Turns a batch of articles into sparse, L2-normalised TF-IDF vectors in which names and numbers
 * weigh more: they are what tells one event from another ("magnitude 6.1 in Chile" vs "7.3 in Peru").
 * The text is the headline, the summary, and the words of the link's slug that those two lack.
 */
import { isRecentYear, stemWord } from "@/lib/text/terms";
import { linkWords } from "@/lib/cluster/evidence/link-words";
import { tokenizeText, type TokenizedText } from "@/lib/cluster/evidence/tokenize";
import { OUTLET_BOILERPLATE, SUMMARY_MIN_WORDS } from "@/lib/cluster/tuning";
import type { ClusterArticle, FeatureWeights } from "@/lib/cluster/types";
import { grow } from "@/lib/cluster/typed-arrays";

export interface ArticleVector {
  /** Feature ids, ascending. */
  features: Int32Array;
  /** Weights aligned with features; the vector has unit length (or is empty). */
  weights: Float64Array;
  /** ROLE_* flags aligned with features. */
  roles: Uint8Array;
  /** Ids of the numbers the headline states (years aside), ascending: two different sets mean two different events. */
  numbers: Int32Array;
}

export interface BatchVectors {
  vectors: ArticleVector[];
  /** Per feature id, how many articles of the batch carry it; ids run from the most frequent down. */
  documentFrequency: Int32Array;
  /** Ids below this are carried by two articles or more; the rest by one, so they never add to a dot product. */
  sharedFeatureCount: number;
  /** Per feature id, the kind of number it is (numberKind), 0 for words and years. */
  numberKinds: Uint8Array;
  /** Per article, 1 when it has a summary of its own (SUMMARY_MIN_WORDS or more, lib/cluster/tuning.ts). */
  withSummary: Uint8Array;
  /** Per feature id, the id standing for the name it is part of ("saudi", "arabia" → "saudiarabia"), else itself. */
  featureGroup: Int32Array;
  /** Per feature id, for a phrase, the ids of its two words ("joescarborough" → "joe", "scarborough"), else -1. */
  phraseWords: { first: Int32Array; second: Int32Array };
  /** The same vectors as flat arrays (article i owns entries offsets[i] to offsets[i + 1]), for hot loops. */
  flat: {
    offsets: Int32Array;
    features: Int32Array;
    weights: Float64Array;
    roles: Uint8Array;
    numberOffsets: Int32Array;
    numbers: Int32Array;
  };
}

/** A tokenized text with its terms interned: parallel arrays, no object kept per token. */
interface InternedText {
  titleCase: boolean;
  /** Per token, its key id: the term for a word, "#" + the term for a number. */
  keys: Int32Array;
  flags: Uint8Array;
  positions: Int32Array;
  /** Per token, the word as written (lowercased): phrases join these. */
  words: string[];
}

/** What a feature is in one article: bit flags kept beside its weight. */
export const ROLE_NAME = 1;
/** A name of the headline (or, when it names no one, of the summary's first sentence): whom or where the report is about. */
export const ROLE_KEY_NAME = 2;
/** A number the headline states. */
const ROLE_HEADLINE_NUMBER = 4;
/** A word or number of the headline. */
export const ROLE_HEADLINE = 8;

const NUMBER = 1;
const CAPITALISED = 2;
const STRONG_NAME = 4;
const SENTENCE_START = 8;

/** String keys → dense ids; the ids double as feature ids. */
class KeyTable {
  readonly ids = new Map<string, number>();

  intern(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    return id;
  }

  get size(): number {
    return this.ids.size;
  }
}

/** Vectorises the batch; the IDF comes from the batch itself, so no corpus statistics are stored. */
export function vectorizeArticles(articles: ClusterArticle[], weights: FeatureWeights): BatchVectors {
  const table = new KeyTable();
  // Links are parsed only when their words count (not in batches of headlines only).
  const readLinks = weights.linkWeight > 0;
  const texts = articles.map(
    (a) =>
      [
        internText(tokenizeText(a.title), table),
        internText(tokenizeText(a.summary), table),
        internText(tokenizeText(readLinks ? linkWords(a.url) : ""), table),
      ] as const,
  );
  const lexicon = buildNameLexicon(texts, table.size);
  const boilerplate = outletBoilerplate(articles, texts, table.size);
  const builder = new VectorBuilder(articles.length);
  texts.forEach(([title, summary, link], i) => {
    const skip = boilerplate.get(articles[i].sourceId);
    addTextFeatures(builder, title, 1, lexicon, table, weights, skip?.[0], true);
    const headlineHasName = title.keys.some((_, k) => isName(title, k, lexicon));
    addTextFeatures(
      builder,
      summary,
      weights.summaryWeight,
      lexicon,
      table,
      weights,
      skip?.[1],
      false,
      headlineHasName,
    );
    if (readLinks) addLinkFeatures(builder, link, weights.linkWeight, skip?.[2]);
    builder.endArticle();
  });
  const isNumber = new Uint8Array(table.size);
  for (const [key, id] of table.ids)
    if (key.startsWith("#") && !isRecentYear(key.slice(1))) isNumber[id] = numberKind(key.slice(1));
  // A summary of a few words is a headline's echo, not a report of what happened.
  const withSummary = Uint8Array.from(texts, ([, summary]) =>
    summary.keys.length >= SUMMARY_MIN_WORDS ? 1 : 0,
  );
  return { ...builder.finish(table.size, isNumber), withSummary };
}

function internText(text: TokenizedText, table: KeyTable): InternedText {
  const { tokens } = text;
  const keys = new Int32Array(tokens.length);
  const flags = new Uint8Array(tokens.length);
  const positions = new Int32Array(tokens.length);
  const words: string[] = new Array(tokens.length);
  tokens.forEach((token, k) => {
    const number = token.kind === "number";
    keys[k] = table.intern(number ? "#" + token.term : token.term);
    flags[k] =
      (number ? NUMBER : 0) |
      (token.capitalised ? CAPITALISED : 0) |
      (token.strongName ? STRONG_NAME : 0) |
      (token.sentenceStart ? SENTENCE_START : 0);
    positions[k] = token.position;
    words[k] = token.word;
  });
  return { titleCase: text.titleCase, keys, flags, positions, words };
}

// An outlet's boilerplate per field, in the order of an article's texts: title, summary, link.
const BOILERPLATE = [
  OUTLET_BOILERPLATE.titles,
  OUTLET_BOILERPLATE.summaries,
  OUTLET_BOILERPLATE.links,
] as const;

/** Per outlet, the boilerplate key ids of its titles, of its summaries and of its links. */
function outletBoilerplate(
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
        for (const key of texts[i][field].keys) {
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

// What a number measures, as bit flags: a count and an amount of money ("30-year pact", "$2.8B
// fund") are no conflict; two different counts, or two different amounts, are.
const NUMBER_KINDS = { count: 1, percent: 2, amount: 4, ordinal: 8, code: 16 } as const;

/** The kind of a canonical number term ("12", "5.5%", "1.8b", "90th", "mh370"). */
export function numberKind(term: string): number {
  if (term.endsWith("%")) return NUMBER_KINDS.percent;
  if (/^[\d.]+[kmbt]$/.test(term)) return NUMBER_KINDS.amount;
  if (/^\d+(st|nd|rd|th|s)$/.test(term)) return NUMBER_KINDS.ordinal;
  if (/^[\d.]+$/.test(term)) return NUMBER_KINDS.count;
  return NUMBER_KINDS.code;
}

/** Per word key, how often the batch writes it capitalised mid-sentence in prose, and how often in lowercase. */
interface NameLexicon {
  capitalisedInProse: Int32Array;
  lowercase: Int32Array;
}

// A word capitalised mid-sentence in ordinary prose is a name; Title Case headlines give no such
// evidence, so there the batch's prose decides ("Gox" is capitalised wherever it appears, "Files" is not).
function buildNameLexicon(texts: (readonly InternedText[])[], keyCount: number): NameLexicon {
  const lexicon = { capitalisedInProse: new Int32Array(keyCount), lowercase: new Int32Array(keyCount) };
  for (const fields of texts) {
    // A link's slug is lowercase by convention: it says nothing about which words are names.
    for (const text of fields.slice(0, 2)) {
      for (let k = 0; k < text.keys.length; k++) {
        const flags = text.flags[k];
        if (flags & NUMBER) continue;
        if (!(flags & CAPITALISED)) lexicon.lowercase[text.keys[k]] += 1;
        else if (!text.titleCase && !(flags & SENTENCE_START)) lexicon.capitalisedInProse[text.keys[k]] += 1;
      }
    }
  }
  return lexicon;
}

function isName(text: InternedText, k: number, lexicon: NameLexicon): boolean {
  const flags = text.flags[k];
  if (flags & NUMBER || !(flags & CAPITALISED)) return false;
  if (flags & STRONG_NAME) return true;
  if (!text.titleCase && !(flags & SENTENCE_START)) return true;
  const capitalised = lexicon.capitalisedInProse[text.keys[k]];
  return capitalised > 0 && capitalised >= 2 * lexicon.lowercase[text.keys[k]];
}

function addTextFeatures(
  builder: VectorBuilder,
  text: InternedText,
  fieldWeight: number,
  lexicon: NameLexicon,
  table: KeyTable,
  weights: FeatureWeights,
  skip: Set<number> | undefined,
  isHeadline: boolean,
  headlineHasName = false,
): void {
  let previousName = -1;
  // The headline says whom or where the report is about; when it names no one, the summary's first sentence does.
  let lead = isHeadline || !headlineHasName;
  for (let k = 0; k < text.keys.length; k++) {
    const id = text.keys[k];
    if (!isHeadline && k > 0 && text.flags[k] & SENTENCE_START) lead = false;
    if (skip?.has(id)) {
      previousName = -1;
      continue;
    }
    if (text.flags[k] & NUMBER) {
      const year = isRecentYear(text.words[k]);
      builder.add(
        id,
        fieldWeight,
        year ? 1 : weights.numberBoost,
        isHeadline ? ROLE_HEADLINE_NUMBER | ROLE_HEADLINE : 0,
      );
      previousName = -1;
      continue;
    }
    const name = isName(text, k, lexicon);
    const role = (name ? ROLE_NAME | (lead ? ROLE_KEY_NAME : 0) : 0) | (isHeadline ? ROLE_HEADLINE : 0);
    builder.add(id, fieldWeight, name ? weights.nameBoost : 1, role);
    if (name && previousName >= 0 && text.positions[previousName] === text.positions[k] - 1) {
      // Joined, so "Mt. Gox" meets "MtGox" and "Flappy Bird" meets "#FlappyBird".
      const phrase = table.intern(stemWord(text.words[previousName] + text.words[k]));
      builder.add(phrase, fieldWeight, weights.phraseBoost, role);
      builder.group(phrase, text.keys[previousName], id);
    }
    previousName = name ? k : -1;
  }
}

// A link's words add only what the headline and summary lack ("Jameis Winston" where the headline
// says "star QB"), as plain words: a slug has no capitals, so it names no one and states no headline figure.
function addLinkFeatures(
  builder: VectorBuilder,
  link: InternedText,
  weight: number,
  skip?: Set<number>,
): void {
  for (let k = 0; k < link.keys.length; k++) {
    const id = link.keys[k];
    if (skip?.has(id) || builder.holds(id)) continue;
    builder.add(id, weight, 1);
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
  /** Per entry, its ROLE_* flags in this article. */
  private roles = new Uint8Array(1024);
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

  constructor(articleCount: number) {
    this.offsets = new Int32Array(articleCount + 1);
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

  finish(featureCount: number, isNumber: Uint8Array): Omit<BatchVectors, "withSummary"> {
    const n = this.articles;
    const features = this.features.slice(0, this.length);
    const { documentFrequency, newId } = renumberByFrequency(features, featureCount);
    for (let k = 0; k < features.length; k++) features[k] = newId[features[k]];
    const numberFeature = new Uint8Array(featureCount);
    isNumber.forEach((flag, old) => (numberFeature[newId[old]] = flag));
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
    };
  }
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
