/**
 * Word forms for comparing what texts say: one term per word whatever its inflection ("recalled",
 * "recalling" → "recal"; the Porter2 stemmer, a maintained implementation rather than hand-made
 * rules), demonyms folded onto their place ("British" → "britain"), and a looser "family" of a
 * name for deciding that no other text mentions it ("Paralympian" and "Paralympic", "Haitian"
 * and "Haiti"). Dates are recognised here too, so that "Jan. 6" or "the 1990s" is never read as a
 * count. The analysis and the clustering (lib/cluster/evidence/tokenize.ts) stem with the same function.
 * docs/decisions/033-analysis-language-tools.md, docs/decisions/103-one-text-toolkit.md.
 */
import porter2 from "wink-porter2-stemmer";
import { PLACE_OF_DEMONYM } from "./demonyms";
import { EXTRA_TERMS, IRREGULAR_FORMS, synonymTable } from "./synonyms";

/** Porter2's suffix rules are superlinear on very long strings; no real word is this long. */
const MAX_STEMMED = 40;

const MAX_REMEMBERED = 50_000;

/**
 * A word function that remembers its answers: texts repeat their words, and Porter2 runs a dozen
 * regexes per word. Bounded (emptied when full, and words longer than any real one are never
 * kept), so a hostile text of distinct or very long words costs a fixed amount of memory.
 */
function remembered(fn: (word: string) => string): (word: string) => string {
  const known = new Map<string, string>();
  return (word) => {
    if (word.length > MAX_STEMMED) return fn(word);
    let answer = known.get(word);
    if (answer === undefined) {
      if (known.size >= MAX_REMEMBERED) known.clear();
      answer = fn(word);
      known.set(word, answer);
    }
    return answer;
  };
}

// Porter2 (as wink implements it) only ever rewrites a word's ending, and every ending it rewrites,
// every exception it knows and every apostrophe it drops ends in one of these characters ("3"
// stands in for "y" inside the algorithm). A word ending in anything else (a digit, "a", "o", "k",
// "w"…) comes back as it went in, apart from the implementation's last step, which turns every "3"
// into "y" in words of three characters or more. Such words skip its dozen regexes; the unit tests
// check the shortcut against Porter2 itself.
const REWRITTEN_ENDINGS = new Set("'’3cdegilmnrsty");

/** Porter2, with the words it cannot rewrite answered without running it. */
export function porter2Stem(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length < 3) return lower;
  if (REWRITTEN_ENDINGS.has(lower[lower.length - 1])) return porter2(lower);
  return lower.includes("3") ? lower.replace(/3/g, "y") : lower;
}

const porter2Remembered = remembered(porter2Stem);

/** The Porter2 stem of a lowercase word (words longer than any real one are kept as they are). */
export function stemWord(word: string): string {
  return word.length > MAX_STEMMED ? word : porter2Remembered(word);
}

/** The place a lowercase word is the demonym or adjective of, else the word. */
export function placeOf(word: string): string {
  return PLACE_OF_DEMONYM.get(word) ?? word;
}

/**
 * The term a word stands for in comparisons: lowercase, demonyms folded, irregular verb forms
 * read as their plain form ("shot" as "shoot"), stemmed, synonyms folded (lib/text/synonyms.ts:
 * "immigrants" reads as "migrant"). `acronym`
 * says the word was written in capitals: "US" is the country, "us" a pronoun.
 */
export function termOf(word: string, acronym = false): string {
  return acronym ? acronymTerm(word) : wordTerm(word);
}

/** Stems of words outlets use for one thing → the group's term (lib/text/synonyms.ts). */
const SYNONYMS = synonymTable(stemWord);
const synonym = (stem: string) => SYNONYMS.get(stem) ?? stem;

const wordTerm = remembered((word) => {
  const lower = placeOf(word.toLowerCase().replace(/’/g, "'").replace(/'s$/, ""));
  return synonym(stemWord(IRREGULAR_FORMS.get(lower) ?? lower));
});

/** Group terms → the extra term their words also say ("wildfire" also says "fire": lib/text/synonyms.ts). */
const EXTRAS = new Map([...EXTRA_TERMS].map(([word, extra]) => [synonym(stemWord(word)), stemWord(extra)]));

/** The term a word also stands for beside its own (a compound's head: "wildfire" → "fire"), if any. */
export function extraTermOf(term: string): string | undefined {
  return EXTRAS.get(term);
}
const acronymTerm = remembered((word) => {
  const lower = word
    .toLowerCase()
    .replace(/[’']s$/, "")
    .replace(/\./g, "");
  return lower === "us" || lower === "usa" ? "usa" : synonym(stemWord(placeOf(lower)));
});

// "Only X mentions the UK" is misleading when another outlet writes "England".
const PARTS_OF_BRITAIN = new Set(["england", "scotland", "wale", "wales"]);

// Endings that turn a name into its adjective or person ("Paralympian", "Haitian", "Israeli").
const NAME_ENDING = /(?:ians?|ans?|ics?|ese|ish|i)$/;

/**
 * The family of a name word, for "does any other text mention this?": the term with the endings
 * of demonyms and adjectives removed, so related forms meet. Looser than termOf on purpose: it
 * only ever makes the analyzer say "only" less often.
 */
export function nameFamily(word: string, acronym = false): string {
  if (acronym) {
    const term = termOf(word, true);
    return PARTS_OF_BRITAIN.has(term) ? "britain" : term;
  }
  return wordFamily(word);
}

const wordFamily = remembered((word) => {
  const term = termOf(word);
  if (PARTS_OF_BRITAIN.has(term)) return "britain";
  const lower = placeOf(word.toLowerCase().replace(/['’]s$/, ""));
  const bare = lower.replace(NAME_ENDING, "");
  return bare.length >= 4 && bare !== lower ? stemWord(bare) : term;
});

/**
 * A spelling-tolerant key for a capitalised word of six letters or more: its first five letters
 * ("Zelensky" and "Zelenskyy", "Jong-un" aside). Used only to hold back an "only" claim.
 */
export function nameSpelling(word: string): string | null {
  return word.length >= 6 && /^\p{Lu}\p{Ll}/u.test(word) ? `~${word.slice(0, 5).toLowerCase()}` : null;
}

/** Month names and their abbreviations, and weekdays: words of dates (lowercase). */
export const MONTHS: ReadonlySet<string> = new Set(
  "january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec".split(
    " ",
  ),
);
export const WEEKDAYS: ReadonlySet<string> = new Set(
  "monday tuesday wednesday thursday friday saturday sunday".split(" "),
);
/** Months and weekdays: dates, not names, whichever side reads the text. */
export const CALENDAR_WORDS: ReadonlySet<string> = new Set([...MONTHS, ...WEEKDAYS]);
/** Days named relative to the text's own date. */
export const RELATIVE_DAYS: ReadonlySet<string> = new Set(["today", "tonight", "yesterday", "tomorrow"]);

/**
 * Abbreviations whose dot does not end a sentence: titles, months, US states as newspapers
 * write them, and common Latin and corporate ones ("Jan. 6", "Calif.", "U.S.").
 */
export const ABBREVIATIONS = new Set(
  (
    "mr mrs ms dr st jr sr prof gen gov sen rep lt sgt capt col maj adm cmdr rev hon no nos vs etc inc corp co ltd " +
    "jan feb mar apr jun jul aug sep sept oct nov dec " +
    "ala ariz ark calif colo conn del fla ga ill ind kan kans ky la md mass mich minn miss mo mont neb nev okla ore pa " +
    "tenn tex va vt wash wis wyo " +
    "p.m a.m u.s u.k u.n e.u d.c n.y l.a"
  ).split(" "),
);

/**
 * Whether digits are a year: four of them, from 1800 to 2099 ("in 1865", "2020"), which a text
 * cites as a date, not a count. The one year test of the analysis and clustering (decision 150).
 */
export function isYear(digits: string): boolean {
  return /^(?:1[89]|20)\d\d$/.test(digits);
}

/**
 * Whether digits are a year of the 1900s or 2000s: the clusterer's year test (lib/cluster), under
 * which a year weighs as a plain word, without the number boost, and states no figure that could
 * conflict. Narrower than isYear: the clusterer's pair weights were fitted with "1865" read as a
 * number, so widening it to isYear is a change of behaviour to be measured (cluster:eval --cv), not
 * a refactor.
 */
export function isRecentYear(digits: string): boolean {
  return isYear(digits) && !digits.startsWith("18");
}

/**
 * Whether the number at `start..end` of `text` is part of a date or a time rather than a count:
 * next to a month ("Jan. 6", "6 June", "June 8, 2020"), a year ("in 2011"), a decade ("1990s"),
 * a clock time ("10.15pm", "1am") or an ordinal ("31st").
 */
export function isDateNumber(text: string, start: number, end: number): boolean {
  const written = text.slice(start, end);
  if (/^\d{4}s$|^'\d0s$/.test(written)) return true;
  if (/(?:am|pm|st|nd|rd|th)$/i.test(written)) return true;
  const digits = written.replace(/[^\d]/g, "");
  if (isYear(digits) && !/,/.test(written)) return true;
  const before = text.slice(Math.max(0, start - 12), start).toLowerCase();
  const after = text.slice(end, end + 12).toLowerCase();
  // "July 5 and 12", "June 3-4": a second day after a month's first.
  const listedDay = /([a-z]+)\.?\s+\d{1,2}(?:st|nd|rd|th)?\s*(?:,|and|or|to|-|–)\s*$/.exec(
    text.slice(Math.max(0, start - 24), start).toLowerCase(),
  )?.[1];
  if (listedDay !== undefined && MONTHS.has(listedDay) && Number(digits) <= 31) return true;
  const monthBefore = /([a-z]+)\.?,?\s+$/.exec(before)?.[1];
  const monthAfter = /^\s+(?:of\s+)?([a-z]+)/.exec(after)?.[1];
  return (
    (monthBefore !== undefined && MONTHS.has(monthBefore)) ||
    (monthAfter !== undefined && MONTHS.has(monthAfter) && Number(digits) <= 31)
  );
}
