/**
 * Turns a batch of articles into sparse, L2-normalised TF-IDF vectors in which names and numbers
 * weigh more: they are what tells one event from another ("magnitude 6.1 in Chile" vs "7.3 in Peru").
 * The text is the headline, the summary, and the words of the link's slug that those two lack.
 */
import { isRecentYear, stemWord } from "@/lib/text/terms";
import { HONORIFICS } from "@/lib/text/words";
import { linkWords } from "@/lib/cluster/evidence/link-words";
import { SUMMARY_MIN_WORDS } from "@/lib/cluster/tuning";
import type { ClusterArticle, FeatureWeights } from "@/lib/cluster/types";
import {
  KeyTable,
  TextInterner,
  NUMBER,
  SENTENCE_START,
  type InternedText,
} from "@/lib/cluster/evidence/interned-text";
import { buildNameLexicon, isName, type NameLexicon } from "@/lib/cluster/evidence/name-lexicon";
import { numberKind } from "@/lib/cluster/evidence/number-kind";
import { outletBoilerplate } from "@/lib/cluster/evidence/outlet-boilerplate";
import { VectorBuilder } from "@/lib/cluster/evidence/vector-builder";
import {
  ROLE_HEADLINE,
  ROLE_HEADLINE_NUMBER,
  ROLE_KEY_NAME,
  ROLE_NAME,
  type BatchVectors,
} from "@/lib/cluster/evidence/vectors";

/** The terms of the titles that precede a name, as the tokenizer writes a word's term (lib/cluster/evidence/tokenize.ts). */
const TITLE_TERMS: ReadonlySet<string> = new Set([...HONORIFICS].map(stemWord));

/** Vectorises the batch; the IDF comes from the batch itself, so no corpus statistics are stored. */
export function vectorizeArticles(articles: ClusterArticle[], weights: FeatureWeights): BatchVectors {
  const table = new KeyTable();
  // Links are parsed only when their words count (not in batches of headlines only).
  const readLinks = weights.linkWeight > 0;
  const interner = new TextInterner(table);
  const texts = articles.map(
    (a) =>
      [
        interner.intern(a.title),
        interner.intern(a.summary),
        interner.intern(readLinks ? linkWords(a.url) : ""),
      ] as const,
  );
  const lexicon = buildNameLexicon(texts, table.size);
  const boilerplate = outletBoilerplate(articles, texts, table.size);
  const builder = new VectorBuilder(articles.length, entriesFor(texts));
  texts.forEach(([title, summary, link], i) => {
    const skip = boilerplate.get(articles[i].sourceId);
    addTextFeatures(builder, title, 1, lexicon, table, weights, skip?.[0], true);
    const headlineHasName = hasName(title, lexicon);
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
  const titleOrYear = new Uint8Array(table.size);
  for (const [key, id] of table.ids) {
    const digits = key.startsWith("#") ? key.slice(1) : null;
    if (digits === null ? TITLE_TERMS.has(key) : isRecentYear(digits)) titleOrYear[id] = 1;
    else if (digits !== null) isNumber[id] = numberKind(digits);
  }
  // A summary of a few words is a headline's echo, not a report of what happened.
  const withSummary = new Uint8Array(texts.length);
  texts.forEach(
    ([, summary], i) => (withSummary[i] = summary.end - summary.start >= SUMMARY_MIN_WORDS ? 1 : 0),
  );
  return { ...builder.finish(table.size, isNumber, titleOrYear), withSummary };
}

/** Whether the text names someone or somewhere. */
function hasName(text: InternedText, lexicon: NameLexicon): boolean {
  for (let k = text.start; k < text.end; k++) if (isName(text, k, lexicon)) return true;
  return false;
}

/** The batch's feature entries to make room for: one per token at most, before phrases. */
function entriesFor(texts: (readonly InternedText[])[]): number {
  let tokens = 0;
  for (const fields of texts) for (const text of fields) tokens += text.end - text.start;
  return tokens;
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
  for (let k = text.start; k < text.end; k++) {
    const id = text.keys[k];
    if (!isHeadline && k > text.start && text.flags[k] & SENTENCE_START) lead = false;
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
  for (let k = link.start; k < link.end; k++) {
    const id = link.keys[k];
    if (skip?.has(id) || builder.holds(id)) continue;
    builder.add(id, weight, 1);
  }
}
