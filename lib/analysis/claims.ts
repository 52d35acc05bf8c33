/**
 * What a statement of an analysis claims, as the grounding check (lib/analysis/grounding.ts)
 * verifies it: its names, figures and quotations, its key words, which outlets it says state
 * which part ("CNN gives 250 evacuated, while BBC News and Fox News give 300": CNN → 250; BBC News
 * and Fox News → 300), and which outlets it says alone report something ("Only CNN reports…",
 * "CNN alone…", "no other outlet…"). Names, words and figures are read with the analyzer's own
 * tools (lib/analysis/text/, lib/text/terms.ts): one name in any of its forms ("Haitian",
 * "Haitians"; "Israeli", "Israel's"; "United States", "US"), a word in any inflection or
 * synonym, a count in digits or words. docs/decisions/131-grounding-reads-what-articles-support.md.
 */

import { nameFamily, nameSpelling, termOf } from "@/lib/text/terms";
import { COUNT_WORDS, isAcronym } from "@/lib/text/words";
import { PLACE_PHRASES } from "@/lib/text/synonyms";
import { capitalisedRuns, namesInRun } from "./text/names";
import { findNumbers, spelledNumber } from "./text/numbers";
import { findQuotes, withoutQuotes } from "./text/quotes";
import { splitSentences, type Sentence } from "./text/sentences";
import { COMMON_WORDS, STOP_WORDS } from "./text/stop-words";
import { passageWords, tokenize, type Token } from "./text/tokens";
import { outletOf } from "./local/outlets";

/** One word of a name, in the forms an article may write it. */
export interface NameWord {
  /** Its family (lib/text/terms.ts nameFamily): "Haitian" and "Haitians" are one. */
  family: string;
  /** A hyphenated word's parts that name something ("Iran-backed": "iran"; "Trump-Kim": "trump", "kim"). */
  parts: string[];
  /** Its spelling-tolerant key, for a word of six letters or more ("Himalayas", "Himalayan"). */
  spelling: string | null;
  /** Its initial, which an article may write alone before the name's last word ("N Korea"). */
  initial: string;
  /** Written in capitals ("BA", "ISS"): it may stand for a name's initials. */
  acronym: boolean;
}

/** A name a statement writes: as written, and each of its words in the forms an article may write it. */
export interface NameClaim {
  written: string;
  words: NameWord[];
  /** Its initials, for an article that writes the name as an acronym ("^iss" for International Space Station). */
  initials: string;
}

export interface Claims {
  names: NameClaim[];
  numbers: string[];
  /** Quoted passages (parts around an ellipsis), as written. */
  quotes: string[];
  /** The words of each quotation, each as its terms (text/tokens.ts passageWords), for articles that report it in their own words. */
  quoteWords: string[][][];
  /** Terms of the lowercase content words outside quotations (stemmed, demonyms and synonyms folded). */
  keyTerms: string[];
}

/** The card's outlets as a statement may name them: each name's forms → the outlet's key. */
export interface OutletNames {
  pattern: RegExp | null;
  keyOf: Map<string, string>;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The forms a statement may name an outlet by: as the request names it, without "The", without
 * " News" ("BBC"), by its last word after "the" ("the Herald", "the Times") and, for a name of
 * three words or more, by its initials ("SMH", "NYT", "WSJ").
 */
function nameForms(source: string): string[] {
  const name = source.trim();
  const forms = new Set([name]);
  const bare = name.replace(/^the\s+/i, "");
  forms.add(bare);
  if (/\s+News$/.test(bare) && bare.length > 6) forms.add(bare.replace(/\s+News$/, ""));
  const words = bare.split(/\s+/);
  if (words.length >= 2 && !/^News$/i.test(words.at(-1)!)) {
    forms.add(`the ${words.at(-1)}`);
    forms.add(`The ${words.at(-1)}`);
  }
  if (words.length >= 3) forms.add(words.map((w) => w[0].toUpperCase()).join(""));
  return [...forms].filter((f) => f.length >= 2);
}

/** The card's outlet names, longest form first (so "BBC News" is read before "BBC"). */
export function outletNamesOf(sources: string[]): OutletNames {
  const keyOf = new Map<string, string>();
  for (const source of sources) {
    const key = outletOf(source).key;
    for (const form of nameForms(source)) if (!keyOf.has(form)) keyOf.set(form, key);
  }
  const forms = [...keyOf.keys()].sort((a, b) => b.length - a.length).map(escape);
  return {
    pattern: forms.length
      ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${forms.join("|")})(?![\\p{L}\\p{N}])`, "gu")
      : null,
    keyOf,
  };
}

/** A word without its accents ("Keïta" is "Keita"): names are spelled both ways. */
export const unaccented = (word: string) => word.normalize("NFD").replace(/\p{M}+/gu, "");

/** A token's name family, accents off, a letter and a digit joined ("G-7" is "G7"). */
function familyOf(t: Token): string {
  let word = t.text;
  if (/[^\x00-\x7f]/.test(word)) word = unaccented(word);
  if (word.includes("-")) word = word.replace(/(\p{L})-(\d)/gu, "$1$2");
  return nameFamily(word, t.acronym);
}

/**
 * The tokens of a name, two-word place names as one ("United States" → "usa"), with their
 * families; `memo` keeps each distinct word's family (a text repeats its words).
 */
function folded(tokens: Token[], memo?: Map<string, string>): { family: string; tokens: Token[] }[] {
  const out: { family: string; tokens: Token[] }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const pair =
      i + 1 < tokens.length ? PLACE_PHRASES.get(`${tokens[i].key} ${tokens[i + 1].key}`) : undefined;
    if (pair) {
      out.push({ family: nameFamily(pair), tokens: [tokens[i], tokens[i + 1]] });
      i++;
      continue;
    }
    const t = tokens[i];
    const id = t.acronym ? `A${t.text}` : t.text;
    let family = memo?.get(id);
    if (family === undefined) {
      family = familyOf(t);
      memo?.set(id, family);
    }
    out.push({ family, tokens: [t] });
  }
  return out;
}

/** Tokens as a sequence of name families, two-word place names folded ("United States" → "usa"). */
export function familySequence(tokens: Token[], memo?: Map<string, string>): string[] {
  return folded(tokens, memo).map((w) => w.family);
}

/** Prefixes of hyphenated words that name nothing themselves ("Pro-EU", "anti-Brexit", "Ex-CEO"). */
const PREFIXES: ReadonlySet<string> = new Set("pro anti non ex post pre neo mid semi co".split(" "));

/**
 * The parts of a hyphenated word that name something: two letters or more, no prefix, and (for a
 * name a statement writes; `anyCase` for an article's words) capitalised ("Jong-un": "jong", "un").
 */
export function nameParts(word: string, anyCase = false): string[] {
  if (!word.includes("-")) return [];
  return word
    .split("-")
    .filter((p) => p.length >= 2 && (anyCase || /^\p{Lu}/u.test(p)) && !PREFIXES.has(p.toLowerCase()))
    .map((p) => nameFamily(unaccented(p), isAcronym(p)));
}

/** The spelling-tolerant key of a capitalised word (lib/text/terms.ts nameSpelling), accents off. */
export const spellingOf = (word: string) => nameSpelling(unaccented(word));

/** The initials of a name of two capitalised words or more ("^dhs" for Department of Homeland Security), else "". */
function initialsOf(name: Token[]): string {
  const capitals = name.filter((t) => t.capitalised);
  return capitals.length >= 2 ? `^${capitals.map((t) => t.key[0]).join("")}` : "";
}

/** The forms of one name as a claim: its family sequence, and each word's other forms. */
function nameClaim(name: Token[]): NameClaim {
  const words = folded(name);
  return {
    written: name.map((t) => t.text).join(" "),
    words: words.map(({ family, tokens: [t, second] }) => ({
      family,
      parts: second ? [] : nameParts(t.text),
      spelling: second ? null : spellingOf(t.text),
      initial: t.key[0] ?? "",
      acronym: !second && t.acronym,
    })),
    initials: initialsOf(name),
  };
}

/** Word endings of adjectives, participles and adverbs: "Concerned", "Largely" opening a sentence. */
const ORDINARY_ENDING = /(?:ed|ing|ly|ness|ful|ous|ive|al|ment|ion)$/;

/**
 * A single capitalised word opening a sentence that is an ordinary word: a count ("Three…"), an
 * adjective or participle ("Concerned…"), or a word a lowercase word or a colon follows ("Timeline:",
 * "Large crowds…", "Relations between…"): a label or a sentence's first word, not a name.
 */
function ordinaryOpening(text: string, first: Token): boolean {
  if (first.acronym) return false;
  if (spelledNumber(first.key) || ORDINARY_ENDING.test(first.key)) return true;
  return /^(?:\s*:|,?\s+\p{Ll})/u.test(text.slice(first.end, first.end + 3));
}

/** Names as runs of capitalised words, split at titles ("Mayor", "President"); outlets' names left out. */
function namesIn(text: string, tokens: Token[], outlets: OutletNames): NameClaim[] {
  const out: NameClaim[] = [];
  for (const run of capitalisedRuns(text, tokens)) {
    const first = run[0];
    const before = text.slice(Math.max(0, first.start - 8), first.start).trimEnd();
    const opensSentence = !before || /[.!?:;"“‘(]$/.test(before);
    if (run.length === 1 && opensSentence && ordinaryOpening(text, first)) continue;
    for (const name of namesInRun(run)) {
      const written = name.map((t) => t.text).join(" ");
      const bare = written.replace(/^The /, "");
      if (outlets.keyOf.has(written) || outlets.keyOf.has(bare) || outlets.keyOf.has(`the ${bare}`)) continue;
      out.push(nameClaim(name));
    }
  }
  return out;
}

/** The quoted passages of a text (any length), each cut at its ellipses. */
function quotedParts(text: string): { whole: string[]; parts: string[] } {
  const whole = findQuotes(text, 1).map((q) => q.text);
  const parts = whole.flatMap((q) =>
    q
      .split(/…|\.\.\./)
      .map((p) => p.trim().replace(/^[,;:]\s*|[,;:]$/g, ""))
      .filter((p) => p.length >= 3),
  );
  return { whole, parts };
}

/**
 * A clause that says something is not there ("does not mention Facebook", "without naming him",
 * "gives no date"), up to the clause's end: its names and figures are not claimed to be anywhere.
 */
const NEGATED_CLAUSE =
  /(?:\b(?:[Nn]ot|[Nn]ever|[Nn]o|[Nn]one|[Ww]ithout|[Nn]or|[Nn]either|lacks?|lacking|omits?|omitting|absent)\b|(?<=\p{Ll})n['’]t\b)[^,;:.!?]*/gu;

/** Words that say only that something happened ("took place", "occurred"), not what. */
const HAPPENED: ReadonlySet<string> = new Set(
  "place happen happened happens occur occurred occurs event events".split(" "),
);

/**
 * The key words of a text: lowercase content words of four letters or more, as terms. A count
 * from one to twenty is no key word; a magnitude ("thousands", "million") is: it says how many.
 */
function keyTermsOf(tokens: Token[]): string[] {
  const terms = new Set<string>();
  for (const t of tokens)
    if (
      !t.capitalised &&
      t.key.length >= 4 &&
      !HAPPENED.has(t.key) &&
      /^\p{L}+$/u.test(t.key) &&
      !STOP_WORDS.has(t.key) &&
      !COUNT_WORDS.has(t.key)
    )
      terms.add(termOf(t.text));
  return [...terms].filter((t) => !STOP_WORDS.has(t));
}

/**
 * The text with the clauses that say something is not there blanked out, positions kept; a
 * negation inside a quotation is the speaker's, and leaves the quotation whole.
 */
export function affirmedText(text: string): string {
  let out = "";
  let from = 0;
  for (const m of withoutQuotes(text, "Q").matchAll(NEGATED_CLAUSE)) {
    out += text.slice(from, m.index) + " ".repeat(m[0].length);
    from = m.index + m[0].length;
  }
  return out + text.slice(from);
}

/** What a text claims that can be checked against articles. */
export function claimsOf(text: string, outlets: OutletNames): Claims {
  const { whole, parts } = quotedParts(text);
  // Quotations are checked whole; their words are not checked again as claims of the writer.
  const outside = whole.reduce((t, q) => t.replace(q, " "), text);
  const affirmed = outside.replace(NEGATED_CLAUSE, (m) => " ".repeat(m.length));
  const tokens = tokenize(affirmed);
  return {
    names: namesIn(affirmed, tokens, outlets),
    numbers: findNumbers(affirmed).map((n) => n.value),
    quotes: parts,
    quoteWords: whole.map((q) => passageWords(tokenize(q))),
    keyTerms: keyTermsOf(tokenize(outside)),
  };
}

/**
 * The sentences of a statement, a quotation never cut: the sentence ends are found with each
 * quotation masked (by capitals, so a quotation opening a sentence still starts one).
 */
export function statementSentences(text: string): Sentence[] {
  return splitSentences(withoutQuotes(text, "Q")).map((s) => ({
    start: s.start,
    text: text.slice(s.start, s.start + s.text.length),
  }));
}

/** Whether a claim holds any checkable detail (a name, figure or quotation). */
export const hasDetails = (c: Claims) => c.names.length + c.numbers.length + c.quotes.length > 0;

interface Mention {
  key: string;
  start: number;
  end: number;
}

/** A capitalised word right after an outlet's name: the name is part of a longer one ("Reuters Institute"). */
const NAME_GOES_ON = /^ \p{Lu}/u;
/** A capitalised word right before it, not opening the sentence: the same ("Thomson Reuters"). */
const NAME_BEFORE = /\S (\p{Lu}[\p{L}\p{N}.'’-]*)\s$/u;

/** The card's outlets a text names in its own words (not inside a quotation or a longer name), in order. */
function mentions(text: string, outlets: OutletNames): Mention[] {
  if (!outlets.pattern) return [];
  const own = withoutQuotes(text);
  const out: Mention[] = [];
  for (const m of own.matchAll(outlets.pattern)) {
    const end = m.index + m[0].length;
    if (NAME_GOES_ON.test(own.slice(end, end + 2))) continue;
    const before = own.slice(Math.max(0, m.index - 24), m.index);
    const word = NAME_BEFORE.exec(before)?.[1]
      .replace(/[.'’-]+$/, "")
      .toLowerCase();
    if (word && !COMMON_WORDS.has(word)) continue;
    out.push({
      key: outlets.keyOf.get(m[0])!,
      start: m.index,
      end: end + (/^['’]s\b/.test(text.slice(end)) ? 2 : 0),
    });
  }
  return out;
}

/**
 * A mention set against what follows ("unlike CNN", "than the BBC"), or the object of what an
 * outlet says ("mentions Reuters", "quotes CNN"): not the one who says it.
 */
const CONTRAST_BEFORE =
  /\b(?:unlike|than|except|besides|other than|apart from|contrary to|nor|neither|not|beyond|mentions?|names?|cites?|citing|quotes?|quoting|credits?|crediting)\s+(?:the\s+)?$/i;
/**
 * A mention naming who says what comes before it ("… (CNN)", "…, according to CNN", "reported by
 * CNN"); at a sentence's start ("According to CNN, …") it names who says what follows.
 */
const SOURCE_AFTER = /(?:\(\s*|according to\s+|\bper\s+|\bby\s+)$/i;
/** Words joining the outlets of one group ("BBC News and Fox News", "CNN, Reuters and AP"). */
const JOINED = /^\s*(?:,|and|&|or|,\s*and|as well as)\s*(?:the\s+)?$/i;

/** A part of a sentence that the sentence says some outlets state. */
export interface Attributed {
  outlets: string[];
  text: string;
  /** Where the group of names starts and ends in the sentence. */
  start: number;
  end: number;
}

/**
 * Which outlets a sentence says state which part of it. Each group of named outlets speaks for
 * the words up to the next group (or, named after them in brackets or "according to", for those
 * before it); outlets named in contrast ("unlike CNN") speak for nothing.
 */
export function attributions(sentence: string, outlets: OutletNames): Attributed[] {
  const found = mentions(sentence, outlets).filter(
    (m) => !CONTRAST_BEFORE.test(sentence.slice(Math.max(0, m.start - 16), m.start)),
  );
  const groups: { keys: string[]; start: number; end: number; after: boolean }[] = [];
  for (const m of found) {
    const last = groups.at(-1);
    if (last && JOINED.test(sentence.slice(last.end, m.start))) {
      last.keys.push(m.key);
      last.end = m.end;
      continue;
    }
    const before = sentence.slice(last?.end ?? 0, m.start);
    const after = SOURCE_AFTER.test(before) && /[\p{L}\p{N}]/u.test(before.replace(SOURCE_AFTER, ""));
    groups.push({ keys: [m.key], start: m.start, end: m.end, after });
  }
  return groups.map((g, i) => {
    const next = groups[i + 1];
    const from = g.after ? (groups[i - 1]?.end ?? 0) : g.end;
    const to = g.after ? g.start : next ? next.start : sentence.length;
    const text = sentence.slice(from, Math.max(from, to));
    return { outlets: [...new Set(g.keys)], text, start: g.start, end: g.end };
  });
}

/** "Only CNN", "CNN alone", "CNN is the only outlet", "no other outlet": a claim that no other outlet says it. */
const ONLY_BEFORE = /\bonly\s+(?:the\s+)?$/i;
const ALONE_AFTER =
  /^\s*(?:,\s*)?(?:alone|is the only|was the only|are the only|were the only|is alone|uniquely)\b/i;
const NO_OTHER =
  /\b(?:no other (?:outlet|source|report|article)s?|none of the other|the only (?:outlet|source|one|report))\b/i;

/**
 * The outlets a sentence says alone report something, and the words of what they report (their
 * part of the sentence, without the words of exclusivity); null when it makes no such claim.
 */
export function exclusiveClaim(
  sentence: string,
  outlets: OutletNames,
): { outlets: string[]; text: string } | null {
  const groups = attributions(sentence, outlets);
  const claimed = groups.filter(
    (g) =>
      ONLY_BEFORE.test(sentence.slice(Math.max(0, g.start - 12), g.start)) ||
      ALONE_AFTER.test(sentence.slice(g.end, g.end + 24)),
  );
  if (!claimed.length && groups.length && NO_OTHER.test(sentence)) claimed.push(groups[0]);
  if (!claimed.length) return null;
  return {
    outlets: [...new Set(claimed.flatMap((g) => g.outlets))],
    text: claimed
      .map((g) => g.text)
      .join(" ")
      .replace(/\b(?:only|alone|uniquely)\b/gi, " "),
  };
}
