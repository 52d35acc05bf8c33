/**
 * The analysis's tokens and terms: one tokenizer, keeping every word with its character offsets
 * (for quoting and checking), and the terms a passage says (lib/text/terms.ts: stemmed, demonyms
 * folded, synonyms folded, names of several words read as their short forms), so that what the
 * analyzer extracts and what the grounding check verifies are measured the same way. Regexes are
 * compiled once here (the analyzer runs them over every article of a card).
 */
import { PLACE_PHRASES, RETURN_AFTER_GAP } from "@/lib/text/synonyms";
import { extraTermOf, isYear, MONTHS, stemWord, termOf } from "@/lib/text/terms";
import { COUNT_WORDS, isAcronym } from "@/lib/text/words";
import { STOP_WORDS } from "./stop-words";

const WORD = /[\p{L}\p{N}]+(?:['’.\-][\p{L}\p{N}]+)*\.?/gu;
const UPPER = /^\p{Lu}/u;
const SPACE = /\s+/g;

export interface Token {
  /** The word as written, with a trailing abbreviation dot and possessive removed. */
  text: string;
  /** Lowercase key used for matching ("u.s", "floyd"). */
  key: string;
  start: number;
  end: number;
  capitalised: boolean;
  acronym: boolean;
  /** The word ends with 's or ’s (a possessive ends a name). */
  possessive: boolean;
}

/** Lowercase, straight quotes, single spaces: the form texts are compared in. */
export function matchForm(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’‛`]/g, "'")
    .replace(/[“”„]/g, '"')
    .replace(SPACE, " ")
    .trim();
}

/** The words of a text, with positions. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    let word = m[0];
    // A final dot is punctuation ("Floyd.") or an abbreviation's ("U.S."): never part of the word.
    if (word.endsWith(".")) word = word.slice(0, -1);
    const end = m.index + word.length;
    const possessive =
      word.length > 2 &&
      word[word.length - 1] === "s" &&
      (word[word.length - 2] === "'" || word[word.length - 2] === "’");
    if (possessive) word = word.slice(0, -2);
    if (!word) continue;
    const capitalised = UPPER.test(word);
    const acronym = capitalised && isAcronym(word);
    // "U.S" and "US" are one name.
    let key = (acronym ? word.replace(/\./g, "") : word).toLowerCase();
    if (key.includes("’")) key = key.replace(/’/g, "'");
    out.push({ text: word, key, start: m.index, end, capitalised, acronym, possessive });
  }
  return out;
}

/** Whether a token is a stop word as written: an acronym whose term is none is no stop word ("US" is the country, "us" a pronoun). */
export function isStopToken(t: Token): boolean {
  return STOP_WORDS.has(t.key) && !(t.acronym && !STOP_WORDS.has(termOf(t.text, true)));
}

/** Whether a token carries content for comparing statements: not a stop word, not a lone character. */
export function isContentToken(t: Token): boolean {
  return t.key.length >= 2 && !isStopToken(t) && /[\p{L}\p{N}]/u.test(t.key);
}

/**
 * The distinct terms of a passage (lib/text/terms.ts: stemmed, demonyms folded). Whether another
 * text reports the passage is counted by its words (passageWords), each as its terms.
 */
export function contentTerms(tokens: Token[]): string[] {
  return [
    ...new Set(
      tokens
        .filter(isContentToken)
        .flatMap(tokenTerms)
        .filter((t) => !STOP_WORDS.has(t)),
    ),
  ];
}

/** Every term of the tokens, added to a set (a loop, not arrays per token: this runs over whole articles). */
export function addTokenTerms(tokens: Token[], into: Set<string>): Set<string> {
  for (const t of tokens) {
    if (t.text.includes("-")) for (const term of tokenTerms(t)) into.add(term);
    else {
      const term = termOf(t.text, t.acronym);
      into.add(term);
      const extra = extraTermOf(term);
      if (extra) into.add(extra);
    }
  }
  return into;
}

/** A code of letters and digits once its hyphens are gone ("G-7" is "G7", "F-35" is "F35"). */
const CODE = /^(?=[\p{L}\p{N}]*\p{L})(?=[\p{L}\p{N}]*\p{N})[\p{L}\p{N}]{2,8}$/u;

/**
 * A token's terms: the word's (and the head a compound also says: "wildfire" says "fire"), and
 * its parts' when hyphenated ("Saudi-led" also says "saudi"; "G-7" is "G7").
 */
export function tokenTerms(t: Token): string[] {
  const whole = termOf(t.text, t.acronym);
  if (!t.text.includes("-")) {
    const extra = extraTermOf(whole);
    return extra ? [whole, extra] : [whole];
  }
  // Letters only: "Covid-19" also says "covid", not "19" (a number is compared as a figure).
  const parts = t.text
    .split("-")
    .filter((p) => p.length >= 2 && /^\p{L}+$/u.test(p) && !STOP_WORDS.has(p.toLowerCase()));
  const partTerms = parts.map((p) => termOf(p, isAcronym(p)));
  if (!/\d/.test(t.text)) return [whole, ...partTerms];
  // "Covid-19" is "covid" and a figure; "G-7" is the code "G7" as another outlet writes it.
  const code = t.text.replace(/-/g, "");
  return CODE.test(code) ? [...partTerms, termOf(code, isAcronym(code))] : partTerms;
}

/** The first words of the names of several words that a short form names elsewhere (lib/text/synonyms.ts PLACE_PHRASES). */
const PHRASE_FIRST_WORDS = new Set([...PLACE_PHRASES.keys()].map((k) => k.split(" ")[0]));

/**
 * The short forms' terms of the names of two or three words that tokens write ("United Kingdom"
 * says "britain", "Group of Seven" says "g7", "Prime Minister" says "pm"), each with its words;
 * `from` and `to` bound the tokens' start positions.
 */
export function phraseTerms(tokens: Token[], from = 0, to = Infinity): { term: string; words: Token[] }[] {
  const out: { term: string; words: Token[] }[] = [];
  for (let k = 0; k + 1 < tokens.length; k++) {
    const t = tokens[k];
    if (!PHRASE_FIRST_WORDS.has(t.key) || t.start < from || t.start >= to) continue;
    const two = `${t.key} ${tokens[k + 1].key}`;
    const three = tokens[k + 2] ? PLACE_PHRASES.get(`${two} ${tokens[k + 2].key}`) : undefined;
    const term = PLACE_PHRASES.get(two) ?? three;
    if (term) out.push({ term, words: tokens.slice(k, PLACE_PHRASES.has(two) ? k + 2 : k + 3) });
  }
  return out;
}

/** The term a return after a gap reads as (lib/text/synonyms.ts RETURN_AFTER_GAP: a resumption). */
export const RETURN_TERM = termOf(RETURN_AFTER_GAP.reads);

/** A decade as written: "1990s". */
const DECADE = /^\d{4}s$/;

/** Whether the tokens from `k` name a time a gap runs from: "since 2011", "since the 1990s", "since May", "since last year". */
function timeSince(tokens: Token[], k: number, inside: (k: number) => boolean): boolean {
  const w = inside(k) ? tokens[k].key : "";
  const next = inside(k + 1) ? tokens[k + 1].key : "";
  return (
    isYear(w) ||
    DECADE.test(w) ||
    (MONTHS.has(w) && tokens[k].capitalised) ||
    (w === "the" && DECADE.test(next)) ||
    (w === "last" && RETURN_AFTER_GAP.spanUnits.has(next))
  );
}

/** Whether the tokens from `k` write a span of time: "nearly a decade", "more than 50 years", "decades". */
function spanOfTime(tokens: Token[], k: number, inside: (k: number) => boolean): boolean {
  for (let j = k; j < k + RETURN_AFTER_GAP.spanReach && inside(j); j++) {
    const w = tokens[j].key;
    if (RETURN_AFTER_GAP.spanUnits.has(w)) return true;
    if (!RETURN_AFTER_GAP.spanWords.has(w) && !COUNT_WORDS.has(w) && !/^\d[\d,]*$/.test(w)) return false;
  }
  return false;
}

/**
 * Whether tokens write a return after a gap (lib/text/synonyms.ts RETURN_AFTER_GAP): "the first …
 * since 2011", "the first … in nearly a decade", "brought spaceflight back to US". A text writing
 * one also says RETURN_TERM, so "back to US" meets "first from American soil since 2011" and
 * "resumes". `from` and `to` bound the tokens' start positions.
 */
export function returnAfterGap(tokens: Token[], from = 0, to = Infinity): boolean {
  const inside = (k: number) =>
    k >= 0 && k < tokens.length && tokens[k].start >= from && tokens[k].start < to;
  for (let k = 0; k < tokens.length && tokens[k].start < to; k++) {
    if (!inside(k)) continue;
    const w = tokens[k].key;
    if (w === RETURN_AFTER_GAP.first) {
      for (let j = k + 1; j <= k + RETURN_AFTER_GAP.reach && inside(j); j++) {
        const opener = tokens[j].key;
        if (opener === "since" && timeSince(tokens, j + 1, inside)) return true;
        if (opener === "in" && spanOfTime(tokens, j + 1, inside)) return true;
      }
    } else if (
      w === "back" &&
      inside(k + 1) &&
      RETURN_AFTER_GAP.backTo.has(tokens[k + 1].key) &&
      // "back to back" is one after another.
      !(inside(k + 2) && tokens[k + 2].key === "back")
    ) {
      for (let j = k - 1; j >= k - RETURN_AFTER_GAP.backReach && inside(j); j--)
        if (RETURN_AFTER_GAP.backVerbs.has(tokens[j].key)) return true;
    }
  }
  return false;
}

/**
 * The words a passage writes, each as every term it stands for (a word's terms, not yet
 * deduplicated across words): a hyphenated word's whole and parts ("Iran-backed": iran-back, iran,
 * back), a name of several words with its short form ("Prime Minister": prime, minist, pm). Another
 * text writes the word when it holds any of its terms: counted term by term, "Prime Minister" would
 * weigh three times against an outlet's "PM", and "al-Hariri" three times against "Hariri". The
 * same word written twice is one. `from` and `to` bound the tokens' start positions.
 */
export function passageWords(tokens: Token[], from = 0, to = Infinity): string[][] {
  const words: (string[] | null)[] = [];
  const wordOf = new Map<Token, number>();
  for (const t of tokens) {
    if (t.start >= to) break;
    if (t.start < from || !isContentToken(t)) continue;
    const terms = tokenTerms(t).filter((term) => !STOP_WORDS.has(term));
    if (!terms.length) continue;
    wordOf.set(t, words.length);
    words.push(terms);
  }
  for (const { term, words: written } of phraseTerms(tokens, from, to)) {
    const merged = new Set([term]);
    for (const w of written) {
      const k = wordOf.get(w);
      if (k === undefined || !words[k]) continue;
      for (const t of words[k]) merged.add(t);
      words[k] = null;
    }
    words.push([...merged]);
  }
  return distinctWords(words.filter((w): w is string[] => w !== null));
}

/** Words as passageWords gives them, each written once (a word's terms come in one order). */
export function distinctWords(words: string[][]): string[][] {
  const seen = new Set<string>();
  return words.filter((w) => {
    const key = w.join(" ");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Of a passage's words (passageWords), how many a set of terms holds (one of a word's terms), and their share. */
export function wordsHeld(words: string[][], vocabulary: Set<string>): { held: number; share: number } {
  const held = words.filter((w) => w.some((t) => vocabulary.has(t))).length;
  return { held, share: words.length ? held / words.length : 0 };
}

/** A passage reports a sentence when it holds two fifths of its words, and three or more of them. */
export const REPORTS_SHARE = 0.4;
export const REPORTS_WORDS = 3;

/** The stem of a word (Porter2, lib/text/terms.ts): "flooded", "floods", "flooding" → "flood". */
export function stem(word: string): string {
  return stemWord(word.toLowerCase());
}
