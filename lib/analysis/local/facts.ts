/**
 * Facts extraction: each article is read once (tokens, sentences, n-grams, numbers) and the
 * card's checkable facts are collected: names, numbers, key phrases and quotations, each with
 * the set of articles whose text contains it. Every later stage (common points, differences,
 * corroboration, summaries) works from these facts, so everything the analyzer says about an
 * article can be traced to that article's own words.
 */

import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { capitalisedRuns, isNameJoiner, namesInRun } from "../text/names";
import { findNumbers, spelledNumber, type NumberMention } from "../text/numbers";
import { findQuotes } from "../text/quotes";
import { splitSentences, type Sentence } from "../text/sentences";
import { STOP_WORDS } from "../text/stop-words";
import { matchForm, stem, tokenize, type Token } from "../text/tokens";
import { CALENDAR_WORDS, isDateNumber } from "@/lib/text/terms";
import { isTitleCase, type CasedWord } from "@/lib/text/words";
import { ANALYSIS_BUDGET, cutText, type WorkBudget } from "../work-budget";
import { outletOf, type Outlet } from "./outlets";

/** Placeholders the page sends for related articles (docs/product.md §3 mapping rules); not article text. */
const PLACEHOLDERS = new Set(["related article", "content not available"]);
const MAX_NGRAM = 5;

export interface PreparedSentence extends Sentence {
  tokens: Token[];
  /** Headline-style capitalisation: capitals there do not mark names. */
  titleCase: boolean;
  /** Part of the headline (a headline may hold several sentences: "Take that, US. Europe's tariffs take effect"). */
  title: boolean;
  /** False for the last sentence of a summary cut short (ending in "…", or mid-word at a length limit). */
  complete: boolean;
}

export interface PreparedArticle {
  index: number;
  outlet: Outlet;
  /** Title, summary and content as one plain text (repeats and placeholders removed). */
  text: string;
  /** matchForm of the text and the source name. */
  match: string;
  sentences: PreparedSentence[];
  /** Runs of up to five capitalised words, lowercase keys: what names are matched against. */
  nameGrams: Set<string>;
  /** Words this article writes in lowercase (so, as a capitalised word, not a name by itself). */
  lowercaseWords: Set<string>;
  numbers: NumberMention[];
  /** Number values stated (digits or words) → stems of the words that follow them. */
  numberUnits: Map<string, Set<string>>;
  phrases: Map<string, string>;
}

export type FactKind = "name" | "number" | "phrase" | "quote";

export interface Fact {
  kind: FactKind;
  key: string;
  /** How it reads in the text it was first found in. */
  display: string;
  /** Indices of the articles whose text contains it. */
  articles: Set<number>;
  /** Outlet keys of those articles. */
  outlets: Set<string>;
  /** For numbers: the mention it was first found in (article index and position). */
  origin?: { article: number; mention: NumberMention; unit: string | null };
}

interface Segment {
  text: string;
  /** The headline: its capitals may be headline style rather than names. */
  title: boolean;
  /** The text was cut short: its last sentence is incomplete. */
  cut: boolean;
}

/** Feeds cut descriptions at a length (ingest adds "…"; some archives cut at 400 characters mid-word). */
const CUT_LENGTH = 390;

/** The segment's text without a cut-off last word, and whether it was cut. */
function uncut(text: string, title: boolean): { text: string; cut: boolean } {
  if (title) return { text, cut: false };
  if (/(?:…|\.\.\.)$/.test(text)) return { text: text.replace(/\s*(?:…|\.\.\.)$/, ""), cut: true };
  if (text.length >= CUT_LENGTH && /[\p{L}\p{N}]$/u.test(text)) {
    const space = text.lastIndexOf(" ");
    return { text: space > 0 ? text.slice(0, space).replace(/[,;:\s]+$/, "") : text, cut: true };
  }
  return { text, cut: false };
}

function segments(article: AnalysisArticle, maxChars: number): Segment[] {
  const parts = [article.title, article.summary, article.content]
    .map((s) => s.replace(/\s+/g, " ").trim())
    .map((text, i) => ({ ...uncut(text, i === 0), title: i === 0 }))
    .filter((p) => p.text && !PLACEHOLDERS.has(p.text.toLowerCase()));
  // The page often sends the same description as summary and content: keep one copy.
  const kept = parts.filter(
    (p, i) =>
      !parts.some((q, j) => j !== i && q.text.includes(p.text) && (q.text.length > p.text.length || j < i)),
  );
  // The work budget: the first maxChars characters, in reading order.
  const out: Segment[] = [];
  let left = maxChars;
  for (const p of kept) {
    if (left <= 0) break;
    const text = cutText(p.text, left);
    out.push({ ...p, text, cut: p.cut || text.length < p.text.length });
    left -= text.length + 2;
  }
  return out;
}

/** The words of sentences as the Title Case test reads them (lib/text/words.ts). */
function casedWords(sentences: PreparedSentence[]): CasedWord[] {
  return sentences.flatMap((s) =>
    s.tokens.map((t, k) => ({ word: t.text, capitalised: t.capitalised, sentenceStart: k === 0 })),
  );
}

function unitsAfter(tokens: Token[], from: number): string[] {
  const out: string[] = [];
  for (let i = from; i < tokens.length && i < from + 3 && out.length < 2; i++) {
    const t = tokens[i];
    if (
      /^\p{L}+$/u.test(t.text) &&
      !STOP_WORDS.has(t.key) &&
      !["other", "more", "additional", "than"].includes(t.key)
    )
      out.push(stem(t.key));
  }
  return out;
}

/**
 * The sentences of an article's segments, each with its slice of the tokens (tokenised once,
 * positioned within the sentence), whether its segment was cut, and whether its title is in
 * Title Case.
 */
function sentencesOf(parts: Segment[], allTokens: Token[]): PreparedSentence[] {
  const sentences: PreparedSentence[] = [];
  let offset = 0;
  let cursor = 0;
  for (const part of parts) {
    const firstSentence = sentences.length;
    for (const s of splitSentences(part.text)) {
      const start = offset + s.start;
      const end = start + s.text.length;
      while (cursor < allTokens.length && allTokens[cursor].start < start) cursor++;
      const tokens: Token[] = [];
      for (; cursor < allTokens.length && allTokens[cursor].end <= end; cursor++) {
        const t = allTokens[cursor];
        tokens.push({ ...t, start: t.start - start, end: t.end - start });
      }
      sentences.push({ text: s.text, start, tokens, titleCase: false, title: part.title, complete: true });
    }
    if (part.cut && sentences.length > firstSentence) sentences[sentences.length - 1].complete = false;
    if (part.title && isTitleCase(casedWords(sentences.slice(firstSentence)))) {
      for (let k = firstSentence; k < sentences.length; k++) sentences[k].titleCase = true;
    }
    offset += part.text.length + 2;
  }
  return sentences;
}

/** Capitalised n-grams only: "US" is a name, "us" is not; "Nasa" and "NASA" are the same. */
function nameGramsOf(allTokens: Token[]): Set<string> {
  const nameGrams = new Set<string>();
  for (let i = 0; i < allTokens.length; i++) {
    let key = "";
    for (let n = 0; n < MAX_NGRAM && i + n < allTokens.length; n++) {
      const t = allTokens[i + n];
      if (!t.capitalised && !(n > 0 && isNameJoiner(t))) break;
      key = n ? `${key} ${t.key}` : t.key;
      nameGrams.add(key);
    }
  }
  return nameGrams;
}

/** Each number value the text states (in digits or words) → the stems of the words after it. */
function numberUnitsOf(numbers: NumberMention[], allTokens: Token[]): Map<string, Set<string>> {
  const numberUnits = new Map<string, Set<string>>();
  const addUnits = (value: string, units: string[]) => {
    const set = numberUnits.get(value) ?? new Set<string>();
    for (const u of units) set.add(u);
    numberUnits.set(value, set);
  };
  let next = 0;
  for (const n of numbers) {
    while (next < allTokens.length && allTokens[next].start < n.end) next++;
    addUnits(n.value, unitsAfter(allTokens, next));
  }
  allTokens.forEach((t, i) => {
    const value = spelledNumber(t.key);
    if (value) addUnits(value, unitsAfter(allTokens, i + 1));
  });
  return numberUnits;
}

/** Pairs of adjacent lowercase words (any words in Title Case), by their stems → as written. */
function phrasesOf(sentences: PreparedSentence[]): Map<string, string> {
  const phrases = new Map<string, string>();
  for (const s of sentences) {
    for (let i = 0; i + 1 < s.tokens.length; i++) {
      const [a, b] = [s.tokens[i], s.tokens[i + 1]];
      if (s.text.slice(a.end, b.start) !== " ") continue;
      if (!isPhraseWord(a, s.titleCase) || !isPhraseWord(b, s.titleCase) || a.possessive) continue;
      const key = `${stem(a.key)} ${stem(b.key)}`;
      if (!phrases.has(key)) phrases.set(key, `${a.key} ${b.key}`);
    }
  }
  return phrases;
}

/** Reads one article (its first maxChars characters): plain text, sentences, tokens, n-grams, numbers and phrases. */
export function prepareArticle(
  article: AnalysisArticle,
  index: number,
  maxChars = Infinity,
): PreparedArticle {
  const parts = segments(article, maxChars);
  const text = parts.map((p) => p.text).join("\n\n");
  const allTokens = tokenize(text);
  const sentences = sentencesOf(parts, allTokens);
  const numbers = findNumbers(text);
  const source = article.source;
  return {
    index,
    outlet: outletOf(source),
    text,
    match: matchForm(`${text}\n${source}`),
    sentences,
    nameGrams: nameGramsOf(allTokens),
    lowercaseWords: new Set(allTokens.filter((t) => !t.capitalised).map((t) => t.key)),
    numbers,
    numberUnits: numberUnitsOf(numbers, allTokens),
    phrases: phrasesOf(sentences),
  };
}

const LETTERS_ONLY = /^\p{L}+$/u;

function isPhraseWord(t: Token, titleCase: boolean): boolean {
  // The set lookup before the pattern: stop words are the commonest words.
  return (
    (titleCase || !t.capitalised) && t.key.length >= 3 && !STOP_WORDS.has(t.key) && LETTERS_ONLY.test(t.key)
  );
}

/**
 * Names: runs of capitalised words. A capital that may only be sentence-initial or headline
 * style counts when the same word is written as a name elsewhere in the card (or opens a
 * two-word name: "Doug Hurley and …"); a single word the card also writes in lowercase
 * ("Police") is not a name.
 */
async function extractNames(articles: PreparedArticle[], budget: WorkBudget): Promise<Map<string, string>> {
  const lowercase = new Set<string>();
  for (const a of articles) for (const w of a.lowercaseWords) lowercase.add(w);
  const uncertain = (s: PreparedSentence, t: Token, i: number) =>
    s.titleCase ||
    i === 0 ||
    /(?:^|\s)['"“‘(]\s*$|:\s*$/.test(s.text.slice(Math.max(0, t.start - 4), t.start));
  const confirmed = new Set<string>();
  const certainRuns = new Set<string>();
  // Each sentence's runs of capitalised words, with each token's place in it, read once for both passes.
  const runsOf = new Map<PreparedSentence, { runs: Token[][]; position: Map<Token, number> }>();
  for (const a of articles) {
    for (const s of a.sentences) {
      s.tokens.forEach((t, i) => {
        if (t.capitalised && !lowercase.has(t.key) && (t.acronym || !uncertain(s, t, i)))
          confirmed.add(t.key);
      });
      const runs = capitalisedRuns(s.text, s.tokens);
      if (!runs.length) continue;
      const position = positions(s.tokens);
      runsOf.set(s, { runs, position });
      if (s.titleCase) continue;
      for (const run of runs) {
        if (run.length > 1 && !uncertain(s, run[0], position.get(run[0])!))
          certainRuns.add(run.map((t) => t.key).join(" "));
      }
    }
    await budget.checkpoint();
  }
  const names = new Map<string, string>();
  for (const a of articles) {
    for (const s of a.sentences) {
      const read = runsOf.get(s);
      if (!read) continue; // no capitalised word, no name
      const { runs, position } = read;
      for (const run of runs) {
        // Written as a name in running text elsewhere: trust it in a headline too.
        const trusted = certainRuns.has(run.map((t) => t.key).join(" "));
        const breaks = (t: Token) => {
          const i = position.get(t) ?? 0;
          const opensName = !s.titleCase && i === 0 && t !== run.at(-1) && !lowercase.has(t.key);
          return !(
            trusted ||
            isNameJoiner(t) ||
            t.acronym ||
            confirmed.has(t.key) ||
            opensName ||
            !uncertain(s, t, i)
          );
        };
        for (const name of namesInRun(run, breaks)) {
          const single = name.length === 1 ? name[0] : null;
          const tooLong = name.length > ANALYSIS_BUDGET.nameWords;
          if (tooLong || (single && lowercase.has(single.key) && !single.acronym)) continue;
          const key = name.map((t) => t.key).join(" ");
          if (!names.has(key)) names.set(key, name.map((t) => t.text).join(" "));
        }
      }
    }
    await budget.checkpoint();
  }
  return names;
}

/** Each token's index in its sentence (a run's tokens are the sentence's own objects). */
function positions(tokens: Token[]): Map<Token, number> {
  const position = new Map<Token, number>();
  for (let i = 0; i < tokens.length; i++) position.set(tokens[i], i);
  return position;
}

function outletsOf(articles: PreparedArticle[], indices: Set<number>): Set<string> {
  return new Set([...indices].map((i) => articles[i].outlet.key));
}

/**
 * A shorter form is the same fact as the one longer name that ends with it: "Floyd" is
 * "George Floyd", "Space Station" is "International Space Station". Shared endings stay apart.
 */
function mergeAliases(names: Map<string, string>): Map<string, { keys: string[] }> {
  const keys = [...names.keys()].sort((a, b) => b.split(" ").length - a.split(" ").length);
  const out = new Map<string, { keys: string[] }>();
  // Word-wise endings of the names kept so far → those names.
  const endings = new Map<string, string[]>();
  for (const key of keys) {
    const longer = endings.get(key) ?? [];
    if (longer.length === 1) {
      out.get(longer[0])!.keys.push(key);
      continue;
    }
    out.set(key, { keys: [key] });
    const words = key.split(" ");
    for (let i = 1; i < words.length; i++) {
      const ending = words.slice(i).join(" ");
      const names = endings.get(ending);
      if (names) names.push(key);
      else endings.set(ending, [key]);
    }
  }
  return out;
}

/** The number of words of a key (its words joined by single spaces), without splitting it. */
function wordCount(key: string): number {
  let words = 1;
  for (let at = key.indexOf(" "); at !== -1; at = key.indexOf(" ", at + 1)) words++;
  return words;
}

function hasName(a: PreparedArticle, key: string): boolean {
  return wordCount(key) <= MAX_NGRAM ? a.nameGrams.has(key) : a.match.includes(key);
}

/** Small numbers only match when they count the same thing ("2 astronauts", "two NASA astronauts"). */
function supportsNumber(a: PreparedArticle, value: string, unit: string | null): boolean {
  const units = a.numberUnits.get(value);
  if (!units) return false;
  return Number(value) >= 10 || unit === null || units.has(unit);
}

export interface CardFacts {
  facts: Fact[];
  /** Every name the card writes as one (lowercase token keys joined by spaces → as written). */
  names: Map<string, string>;
}

/** Records a fact when some article supports it. */
type AddFact = (
  kind: FactKind,
  key: string,
  display: string,
  support: Set<number>,
  origin?: Fact["origin"],
) => void;

/**
 * The names as facts, each supported by the articles writing it in any of its forms, and shown in
 * the full form most of its articles use ("George Floyd", "Donald Trump" rather than "Republican
 * Donald Trump"), else in the form most use ("Covid-19" rather than "EFL Covid-19"). Returns the
 * word pairs of the names: phrases that are part of a name ("space station") are that name's business.
 */
async function addNameFacts(
  articles: PreparedArticle[],
  extracted: Map<string, string>,
  add: AddFact,
  budget: WorkBudget,
): Promise<Set<string>> {
  const nameTexts = new Set<string>();
  for (const [key, { keys }] of mergeAliases(extracted)) {
    const words = key.split(" ");
    for (let i = 0; i + 1 < words.length; i++) nameTexts.add(`${words[i]} ${words[i + 1]}`);
    const supportOf = new Map(
      keys.map((k) => [k, articles.filter((a) => hasName(a, k)).map((a) => a.index)]),
    );
    const support = new Set(keys.flatMap((k) => supportOf.get(k)!));
    const byUse = [...keys].sort(
      (a, b) => supportOf.get(b)!.length - supportOf.get(a)!.length || b.length - a.length,
    );
    const full = byUse.find((k) => k.includes(" ") && supportOf.get(k)!.length * 2 >= support.size);
    add("name", key, extracted.get(full ?? byUse[0])!, support);
    await budget.checkpoint();
  }
  return nameTexts;
}

/**
 * A number of an article as a fact's key: its value (10 and up), or its value and the word it
 * counts ("3:vehicl"), with that word; null for a date ("May 31, 2020") or a small number counting
 * nothing.
 */
function numberKey(a: PreparedArticle, mention: NumberMention): { key: string; unit: string | null } | null {
  const sentence = sentenceAt(a, mention.start);
  const tokens = sentence?.tokens ?? [];
  const base = sentence?.start ?? 0;
  const after = firstAtOrAfter(tokens, (t) => t.start + base, mention.end);
  const unit = after < tokens.length ? (unitsAfter(tokens, after)[0] ?? null) : null;
  const startsBefore = firstAtOrAfter(tokens, (t) => t.start + base, mention.start);
  const before = tokens.slice(Math.max(0, startsBefore - 3), startsBefore);
  if (
    before.some((t) => t.capitalised && CALENDAR_WORDS.has(t.key)) ||
    isDateNumber(a.text, mention.start, mention.end)
  )
    return null;
  if (Number(mention.value) < 10 && !unit) return null;
  return { key: Number(mention.value) >= 10 ? mention.value : `${mention.value}:${unit}`, unit };
}

/** The numbers as facts, each once, supported by the articles stating its value (with its word, below 10). */
async function addNumberFacts(articles: PreparedArticle[], add: AddFact, budget: WorkBudget): Promise<void> {
  const seenNumbers = new Set<string>();
  for (const a of articles) {
    for (const mention of a.numbers) {
      const number = numberKey(a, mention);
      if (!number || seenNumbers.has(number.key)) continue;
      seenNumbers.add(number.key);
      const { key, unit } = number;
      const support = new Set(
        articles
          .filter((b) => supportsNumber(b, mention.value, Number(mention.value) >= 10 ? null : unit))
          .map((b) => b.index),
      );
      add("number", key, mention.text, support, { article: a.index, mention, unit });
    }
    await budget.checkpoint();
  }
}

/** The two-word phrases as facts (not those of names), shown in their shortest form, which reads true of every one ("police officer" within "police officers"). */
async function addPhraseFacts(
  articles: PreparedArticle[],
  nameTexts: Set<string>,
  add: AddFact,
  budget: WorkBudget,
): Promise<void> {
  const seenPhrases = new Set<string>();
  for (const a of articles) {
    for (const [key, display] of a.phrases) {
      if (seenPhrases.has(key) || nameTexts.has(display)) continue;
      seenPhrases.add(key);
      const having = articles.filter((b) => b.phrases.has(key));
      const shortest = having.map((b) => b.phrases.get(key)!).sort((x, y) => x.length - y.length)[0];
      add("phrase", key, shortest, new Set(having.map((b) => b.index)));
    }
    await budget.checkpoint();
  }
}

/** Quotations of four words or more as facts, supported by the articles containing them (the first few of each article: each is searched for in every article). */
async function addQuoteFacts(articles: PreparedArticle[], add: AddFact, budget: WorkBudget): Promise<void> {
  const seenQuotes = new Set<string>();
  for (const a of articles) {
    for (const q of findQuotes(a.text).slice(0, ANALYSIS_BUDGET.quotesPerArticle)) {
      const key = matchForm(q.text);
      if (key.split(" ").length < 4 || seenQuotes.has(key)) continue;
      seenQuotes.add(key);
      add("quote", key, q.text, new Set(articles.filter((b) => b.match.includes(key)).map((b) => b.index)));
    }
    await budget.checkpoint();
  }
}

/** Every checkable fact of the card, with the articles that contain it: names, numbers, phrases, quotations. */
export async function extractFacts(articles: PreparedArticle[], budget: WorkBudget): Promise<CardFacts> {
  const facts: Fact[] = [];
  const add: AddFact = (kind, key, display, support, origin) => {
    if (support.size)
      facts.push({ kind, key, display, articles: support, outlets: outletsOf(articles, support), origin });
  };
  const extracted = await extractNames(articles, budget);
  const nameTexts = await addNameFacts(articles, extracted, add, budget);
  await addNumberFacts(articles, add, budget);
  await addPhraseFacts(articles, nameTexts, add, budget);
  await addQuoteFacts(articles, add, budget);
  return { facts, names: extracted };
}

/**
 * The index of the first item whose position is at or after `at`, in items sorted by position
 * (binary search: a card may hold thousands of sentences and numbers; a scan per number was quadratic).
 */
function firstAtOrAfter<T>(items: T[], position: (item: T) => number, at: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (position(items[mid]) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The sentence of an article that contains a position of its text. */
export function sentenceAt(article: PreparedArticle, position: number): PreparedSentence | undefined {
  // The last sentence starting at or before the position (sentences are in text order).
  const s = article.sentences[firstAtOrAfter(article.sentences, (x) => x.start, position + 1) - 1];
  return s && s.start <= position && position < s.start + s.text.length ? s : undefined;
}
