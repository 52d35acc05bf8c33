/**
 * Text primitives shared by the local analyzer and the grounding checker: one tokenizer, one
 * sentence splitter, one notion of "name", "number" and "quote", so that what the analyzer
 * extracts and what the checker verifies are measured the same way. Regexes are compiled
 * once here (the analyzer runs them over every article of a card). Stems, demonyms and the
 * abbreviations the splitter knows come from the shared word toolkit (lib/text/terms.ts).
 */
import { PLACE_PHRASES } from "@/lib/text/synonyms";
import { ABBREVIATIONS, CALENDAR_WORDS, extraTermOf, stemWord, termOf } from "@/lib/text/terms";
import { PROSE_SCALE_ABBREVIATIONS, SCALE_WORDS, scaleWords } from "@/lib/text/magnitudes";
import { COUNT_WORDS, FUNCTION_WORDS, isAcronym } from "@/lib/text/words";

/** Capitalised words that start sentences or frame an analysis, never names on their own. */
export const COMMON_WORDS: ReadonlySet<string> = new Set([
  ...FUNCTION_WORDS,
  ..."last per yet".split(" "),
  // words the analyzer and typical model answers open sentences with
  ...(
    "overall coverage reports report outlets outlet sources source articles article tone bias sentiment " +
    "analysis scores score loaded wording figures figure mostly largely mainly strongest mixed neutral " +
    "positive negative left right center centre unrated rated ratings rating none nothing compared " +
    "together similarly instead whereas despite unlike like key common differences agree agrees disagree " +
    "differ differs shared emphasis names mentions mention quotes quote cited corroboration claims claim " +
    "details detail alone uniformly words word count counts different things"
  ).split(" "),
]);

/** Titles that precede a name; stripped from the start of a name ("President Joe Biden" → "Joe Biden"). */
export const HONORIFICS = new Set(
  (
    "mr mrs ms miss dr prof professor sir dame lord lady president vice former gov governor sen senator rep mayor gen " +
    "general secretary minister chancellor king queen prince princess pope judge officer chief st saint " +
    "capt captain lt sgt det commissioner premier sheikh"
  ).split(" "),
);

/** Words too common to carry meaning in a key phrase or a claim. */
export const STOP_WORDS = new Set([
  ...COMMON_WORDS,
  ..."said says say told tell also just like get got make made take took new year years time week day".split(
    " ",
  ),
  // the vocabulary of comparing reports, which says nothing about the story itself
  // the analyzer's own framing of quoted sentences ("BBC News leads with “…” and adds: “…”")
  ..."lead leads adds add headline headlines words outlets event puts".split(" "),
  ..."give gives given different differ differs difference figure figures mention mentions mentioned report reports reported quote quotes quoted cite cites focus focuses emphasis emphasise emphasises emphasize emphasizes highlight highlights describe describes described note notes state states account accounts portray portrays frame frames framing".split(
    " ",
  ),
]);

const WORD = /[\p{L}\p{N}]+(?:['’.\-][\p{L}\p{N}]+)*\.?/gu;
// Digits, with thousands separators and decimals, optionally followed by a unit ("2.5bn", "31st");
// not inside words ("Covid-19"), dates ("5/31") or compounds ("23-year-old").
const NUMBER = new RegExp(
  `(?<![\\p{L}\\p{N}.,\\-/])(\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.(\\d+))?(?=(?:${PROSE_SCALE_ABBREVIATIONS.join("|")}|pm|am|km|kg|mph|s|th|st|nd|rd)?(?![\\p{L}\\p{N}])(?![.,/]\\d)(?!-\\p{L}))`,
  "gu",
);
const UPPER = /^\p{Lu}/u;
const SPACE = /\s+/g;

/**
 * Spelled-out numbers an article may use where another uses digits: counts, and scale words up
 * to a million ("a dozen", "a million"); "billion" and "trillion" are read with their digits only
 * (decision 150).
 */
const SPELLED = new Map([
  ...COUNT_WORDS,
  ...scaleWords(12, 1_000_000).map((w) => [w, String(SCALE_WORDS.get(w))] as const),
]);

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
 * The distinct terms of a passage (lib/text/terms.ts: stemmed, demonyms folded): how the analyzer
 * decides that another article reports a sentence, and how the grounding check verifies it.
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

/** Of a passage's terms, the share a set of terms holds, and how many. */
export function termsHeld(terms: string[], vocabulary: Set<string>): { held: number; share: number } {
  const held = terms.filter((t) => vocabulary.has(t)).length;
  return { held, share: terms.length ? held / terms.length : 0 };
}

/** A passage reports a sentence when it holds two fifths of its terms, and three or more of them. */
export const REPORTS_SHARE = 0.4;
export const REPORTS_TERMS = 3;

/** The stem of a word (Porter2, lib/text/terms.ts): "flooded", "floods", "flooding" → "flood". */
export function stem(word: string): string {
  return stemWord(word.toLowerCase());
}

// A match starts only where a run of end marks starts: without the lookbehind the engine
// retried every position of a long run ("!!!…") and backtracked over the rest of it, which is
// quadratic (a 25,000-character run took seconds).
const SENTENCE_END = /(?<![.!?…])[.!?…]+["”’)\]]*\s+(?=["“‘(\[]?[\p{Lu}\p{N}])/gu;

export interface Sentence {
  text: string;
  start: number;
}

/**
 * Words that open a sentence and, capitalised inside one, mark where two sentences were glued
 * without a full stop: a feed's standfirst run into its body ("…racial slur The head of Netflix
 * has told…", issue 25). Pronouns, determiners and sentence adverbs only: never a name's first
 * word ("The Guardian", "The Hill" are followed by a capital) nor a letter ("vitamin A and").
 */
export const GLUED_SENTENCE_OPENERS: readonly string[] =
  "The This These Those He She They We It His Her Their Its But However".split(" ");

// A single space, an opener, a space and a lowercase word: " The head" (the word before is read
// apart: a lookbehind over it would rescan a long word at every position).
const GLUED_OPENER = new RegExp(` (?=(?:${GLUED_SENTENCE_OPENERS.join("|")}) \\p{Ll})`, "gu");
const LOWERCASE_WORD = /^\p{Ll}[\p{L}’'-]*$/u;

/** The sentence that `SENTENCE_END` found, cut again where a sentence opener follows a lowercase word unpunctuated. */
function unglued(piece: string, start: number, out: Sentence[]): void {
  let from = 0;
  if (piece.length > 8)
    for (const m of piece.matchAll(GLUED_OPENER)) {
      const before = piece.slice(Math.max(from, piece.lastIndexOf(" ", m.index - 1) + 1), m.index);
      if (!LOWERCASE_WORD.test(before)) continue;
      out.push({ text: piece.slice(from, m.index), start: start + from });
      from = m.index + 1;
    }
  out.push({ text: piece.slice(from), start: start + from });
}

/**
 * Splits running text into sentences, keeping "U.S. officials" and "Mr. Smith" whole, and
 * parting two sentences a feed glued without a full stop ("…racial slur The head of …").
 */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  const push = (from: number, to: number) => {
    const raw = text.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const piece = raw.trim();
    if (piece) unglued(piece, from + lead, out);
  };
  for (const m of text.matchAll(SENTENCE_END)) {
    const before = text.slice(Math.max(start, m.index - 12), m.index + 1);
    // A possessive is a whole word ("CNN's." ends a sentence; its "s" is no initial).
    const lastWord = /([\p{L}.'’]+)\.$/u.exec(before)?.[1]?.toLowerCase();
    if (lastWord && (ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord))) continue;
    push(start, m.index + m[0].trimEnd().length);
    start = m.index + m[0].length;
  }
  push(start, text.length);
  return out;
}

export interface NumberMention {
  /** As written ("100,000"). */
  text: string;
  /** Canonical value ("100000", "2.5"). */
  value: string;
  start: number;
  end: number;
}

/** Numbers written with digits (not inside words such as "Covid-19" or dates like 5/31). */
export function findNumbers(text: string): NumberMention[] {
  const out: NumberMention[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const whole = m[1].replace(/,/g, "");
    const frac = m[2]?.replace(/0+$/, "");
    out.push({
      text: m[0],
      value: frac ? `${Number(whole)}.${frac}` : String(Number(whole)),
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  return out;
}

/** The value of a number written as a word ("two" → "2"), if it is one. */
export function spelledNumber(word: string): string | undefined {
  return SPELLED.get(word);
}

/** Every number value a text states, with digits or (one to twenty, dozen, …) in words. */
export function numberValues(text: string, tokens: Token[] = tokenize(text)): Set<string> {
  const values = new Set(findNumbers(text).map((n) => n.value));
  for (const t of tokens) {
    const v = spelledNumber(t.key);
    if (v) values.add(v);
  }
  return values;
}

export interface QuoteMention {
  text: string;
  start: number;
}

/**
 * Quotations: curly double (“…”), straight double ("…"), curly single (‘…’) and straight single
 * ('…') quotes around 3 to 400 characters. A single quote closes only where no letter follows
 * ("don't" does not close), and a straight single quote opens only after a non-word character.
 * A hand-written scanner rather than one regex: the regex tried up to 400 characters from
 * every opening mark, so a text of unclosed quotes cost 400 steps per character. Here each
 * kind of closing mark is found by a cursor that only moves forward: linear in the text.
 */
const QUOTE_MIN = 3;
const QUOTE_MAX = 400;
const LETTER = /^\p{L}$/u;
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;

interface QuoteSpan {
  /** The opening mark. */
  start: number;
  /** After the closing mark. */
  end: number;
}

const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Whether the code point at a position is a letter (ASCII answered without a regex). */
function letterAt(text: string, i: number): boolean {
  if (i >= text.length) return false;
  const c = text.charCodeAt(i);
  return c < 128 ? isAsciiLetter(c) : LETTER.test(String.fromCodePoint(text.codePointAt(i)!));
}

/**
 * The positions where a text writes a word as a whole word (no letter right before or after it),
 * in order. String steps, no regex per word: callers ask this of long texts, word after word.
 */
export function* wholeWordPositions(text: string, word: string): Generator<number> {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1))
    if (!(at > 0 && letterAt(text, at - 1)) && !letterAt(text, at + word.length)) yield at;
}

/** Whether the code point before a position is a letter or a number. */
function wordCharBefore(text: string, i: number): boolean {
  if (i <= 0) return false;
  const c = text.charCodeAt(i - 1);
  if (c < 128) return isAsciiLetter(c) || (c >= 48 && c <= 57);
  const low = c >= 0xdc00 && c <= 0xdfff && i >= 2;
  return LETTER_OR_NUMBER.test(low ? text.slice(i - 2, i) : text[i - 1]);
}

function quoteSpans(text: string): QuoteSpan[] {
  const n = text.length;
  // Lengths count code points, as the u-flag regex this replaces did: units minus low surrogates.
  let lows: Int32Array | null = null;
  if (/[\udc00-\udfff]/.test(text)) {
    lows = new Int32Array(n + 1);
    for (let i = 0; i < n; i++)
      lows[i + 1] = lows[i] + (text.charCodeAt(i) >= 0xdc00 && text.charCodeAt(i) <= 0xdfff ? 1 : 0);
  }
  const length = (from: number, to: number) => to - from - (lows ? lows[to] - lows[from] : 0);
  // One forward-only cursor per kind of closing mark: the next position at or after `from` where it closes.
  const cursor = (closes: (i: number) => boolean) => {
    let at = 0;
    return (from: number) => {
      if (at < from) at = from;
      while (at < n && !closes(at)) at++;
      return at;
    };
  };
  const nextCurlyDouble = cursor((i) => text[i] === "”");
  const nextStraightDouble = cursor((i) => text[i] === '"');
  const nextCurlySingle = cursor((i) => text[i] === "’");
  // A straight single quote's content may hold a quote followed by a letter ("don't"), never a line break.
  const nextStraightSingleStop = cursor(
    (i) => text[i] === "\n" || (text[i] === "'" && !letterAt(text, i + 1)),
  );

  const out: QuoteSpan[] = [];
  const fits = (open: number, close: number) =>
    close < n && length(open + 1, close) >= QUOTE_MIN && length(open + 1, close) <= QUOTE_MAX;
  for (let i = 0; i < n; i++) {
    const c = text[i];
    let close = -1;
    if (c === "“") close = nextCurlyDouble(i + 1);
    else if (c === '"') close = nextStraightDouble(i + 1);
    else if (c === "‘") {
      const at = nextCurlySingle(i + 1);
      if (!letterAt(text, at + 1)) close = at;
    } else if (c === "'" && !wordCharBefore(text, i)) {
      const at = nextStraightSingleStop(i + 1);
      if (text[at] === "'") close = at;
    } else continue;
    if (close >= 0 && fits(i, close)) {
      out.push({ start: i, end: close + 1 });
      i = close; // matches do not overlap: scanning resumes after the closing mark
    }
  }
  return out;
}

/** Quoted passages of at least three words (or `minWords`). */
export function findQuotes(text: string, minWords = 3): QuoteMention[] {
  const out: QuoteMention[] = [];
  for (const q of quoteSpans(text)) {
    const inner = text.slice(q.start + 1, q.end - 1).trim();
    if (inner.split(SPACE).length >= minWords) out.push({ text: inner, start: q.start });
  }
  return out;
}

/**
 * The text with quoted passages blanked out (what the outlet wrote in its own voice), each
 * character of a quotation replaced by `fill` (a space unless said), so positions stay.
 */
export function withoutQuotes(text: string, fill = " "): string {
  let out = "";
  let from = 0;
  for (const q of quoteSpans(text)) {
    out += text.slice(from, q.start) + fill.repeat(q.end - q.start);
    from = q.end;
  }
  return out + text.slice(from);
}

/** Whether a capitalised token may be (part of) a name rather than a sentence-opening word. */
export function isNameCandidate(token: Token): boolean {
  if (!token.capitalised || token.text.length < 2) return false;
  if (token.acronym) return !CALENDAR_WORDS.has(token.key);
  if (COMMON_WORDS.has(token.key) || CALENDAR_WORDS.has(token.key)) return false;
  return !/^\p{N}/u.test(token.text);
}

/**
 * Lowercase words that join the capitalised words of one name: "Department of Defense", "Juan de
 * Oñate", "Ludwig van Beethoven", "Mohammed bin Salman". Only between two capitalised words,
 * joined by single spaces; never at a name's start or end.
 */
export const NAME_JOINERS: ReadonlySet<string> = new Set(
  "of de da del della di du dos das van von der den ter bin ibn al".split(" "),
);

/** Whether a token joins a name's words: "of" as written (Title Case writes "Of"), the others in lowercase. */
export function isNameJoiner(t: Token): boolean {
  return t.key === "of" || (!t.capitalised && NAME_JOINERS.has(t.key));
}

/** Runs of adjacent capitalised tokens (names as written), joined by single spaces only. */
export function capitalisedRuns(text: string, tokens: Token[] = tokenize(text)): Token[][] {
  const runs: Token[][] = [];
  let run: Token[] = [];
  const flush = () => {
    if (run.length) runs.push(run);
    run = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const prev = run.at(-1);
    const gap = prev ? text.slice(prev.end, t.start) : "";
    const joined = prev && !prev.possessive && /^ $/.test(gap);
    const connector =
      isNameJoiner(t) &&
      joined &&
      tokens[i + 1] &&
      isNameCandidate(tokens[i + 1]) &&
      text.slice(t.end, tokens[i + 1].start) === " ";
    if (isNameCandidate(t) || connector) {
      if (!joined) flush();
      run.push(t);
    } else {
      flush();
    }
  }
  flush();
  return runs
    .map((r) => (r.at(-1) && isNameJoiner(r.at(-1)!) ? r.slice(0, -1) : r))
    .filter((r) => r.length > 0);
}

/**
 * Words that make a title with the title after them ("Prime Minister", "Foreign Secretary",
 * "Deputy Mayor", "Attorney General", "First Lady"): before a title, they are part of it, not a name.
 */
export const TITLE_PARTS: ReadonlySet<string> = new Set(
  (
    "prime deputy acting foreign home defence defense interior finance health justice education first interim " +
    "attorney surgeon trade transport energy environment culture labour labor treasury opposition party"
  ).split(" "),
);

/**
 * The names a run of capitalised words holds: it is cut at titles ("New York City Mayor Rudy
 * Giuliani" is two names; the words of a title before it are no name: "Prime" of "British Prime
 * Minister Boris Johnson") and wherever `breaks` says, and a name neither starts nor ends with a
 * joining word ("of", "de": NAME_JOINERS). The one rule for where a name ends, for the analyzer's
 * facts and statements and for the grounding check.
 */
export function namesInRun(run: Token[], breaks: (t: Token) => boolean = () => false): Token[][] {
  const names: Token[][] = [];
  let current: Token[] = [];
  const flush = () => {
    let from = 0;
    let to = current.length;
    while (from < to && isNameJoiner(current[from])) from++;
    while (to > from && isNameJoiner(current[to - 1])) to--;
    if (to > from) names.push(current.slice(from, to));
    current = [];
  };
  for (const t of run) {
    if (HONORIFICS.has(t.key)) {
      while (current.length && TITLE_PARTS.has(current.at(-1)!.key)) current.pop();
      flush();
    } else if (breaks(t)) flush();
    else current.push(t);
  }
  flush();
  return names;
}

const WORD_NUMBERS = ["zero", ...COUNT_WORDS.keys()];

/** A count in words, so that analysis texts carry no digits the articles do not contain. */
export function countInWords(n: number): string {
  return WORD_NUMBERS[n] ?? "many";
}

/** "a", "a and b", "a, b and c". */
export function listInWords(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A passage shorter than this is no quotation of another: containment is only judged above it. */
const MIN_QUOTED_CHARS = 15;

/**
 * Whether a passage is quoted already, whole or in part: it is one of the quoted passages, holds
 * one ("…as Storm Elena flooded the city." within its sentence), or is held in one (a sentence's
 * clause). Passages are compared without their "…" marks. Each passage is quoted once (decision 037).
 */
export function alreadyQuoted(text: string, quoted: ReadonlySet<string>): boolean {
  if (quoted.has(text)) return true;
  const bare = (t: string) => t.replace(/…/g, "").trim();
  const mine = bare(text);
  for (const q of quoted) {
    const other = bare(q);
    if (Math.min(other.length, mine.length) < MIN_QUOTED_CHARS) continue;
    if (mine.includes(other) || other.includes(mine)) return true;
  }
  return false;
}

/** Where a clause may end: before punctuation that parts clauses, or before a word that opens one. */
const CLAUSE_BREAK =
  /[,;:]\s|\s[—–-]\s|\s(?=(?:and|but|as|after|while|which|who|whom|whose|when|where|including|because|although|though|before|amid|despite|since|until|with)\s)/g;
/** A clause break counts only this far into the cut (else the cut is at a word boundary). */
const MIN_CLAUSE_SHARE = 0.4;

/**
 * Cuts a passage to at most `max` characters, marking the cut: at the end of its last whole
 * clause (before ", ", "; ", " — ", " and ", " including " …) when one ends in the last three
 * fifths, else at a word boundary; so a quote never ends on "…including" (issue 25).
 */
export function clip(text: string, max: number): string {
  const clean = text.replace(SPACE, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  let end = -1;
  for (const m of cut.matchAll(CLAUSE_BREAK)) if (m.index <= max) end = m.index;
  if (end < MIN_CLAUSE_SHARE * max) end = Math.max(cut.slice(0, max).lastIndexOf(" "), 1);
  return `${clean.slice(0, end).replace(/[,;:\s—–-]+$/, "")}…`;
}
