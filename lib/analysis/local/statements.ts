/**
 * Statements: the sentences a reader would quote from an article, each with what it says in
 * comparable form. An article's headline is one statement; then the first sentences of its
 * summary and content (the lead, where outlets state what happened and what they lead with).
 * Feed artefacts are trimmed off (datelines such as "LONDON (Reuters) -", column bylines such
 * as "DAN HODGES:", "Continue reading"), leaving a passage the article contains word for word.
 * Each statement carries its terms (case-folded, stemmed, demonyms folded), the names it
 * writes (not dates, not sentence-opening or emphatic capitals, not the outlets' own names, not
 * a title's words nor a reporter's byline), its figures (counts, never dates, with what befell
 * what they count: "200 people were arrested") and its quotations, and, for a sentence of several
 * clauses, each clause as a statement of its own (issue 32).
 */
import {
  capitalisedRuns,
  clip,
  findNumbers,
  findQuotes,
  addTokenTerms,
  isNameJoiner,
  namesInRun,
  isContentToken,
  isStopToken,
  phraseTerms,
  spelledNumber,
  STOP_WORDS,
  tokenTerms,
  type NumberMention,
  type Token,
} from "../text";
import { PLACE_OF_DEMONYM } from "@/lib/text/demonyms";
import { PLACE_PHRASES } from "@/lib/text/synonyms";
import { CALENDAR_WORDS, isDateNumber, nameFamily, nameSpelling, termOf, WEEKDAYS } from "@/lib/text/terms";
import {
  PERCENT,
  PROSE_SCALE_ABBREVIATIONS,
  scalePlurals,
  scaleWords,
  VAGUE_MAGNITUDES,
} from "@/lib/text/magnitudes";
import { COUNT_WORDS, isAcronym } from "@/lib/text/words";
import type { PreparedArticle, PreparedSentence } from "./facts";

/** Body sentences read per article: the lead. */
const LEAD_SENTENCES = 8;
/** The longest statement quoted whole; longer ones are cut at a word boundary. */
const MAX_STATEMENT_CHARS = 260;

export interface Figure {
  article: number;
  /** Canonical value ("100000"). */
  value: string;
  /** As the article writes it, with its qualifier and the words it counts: "around 100,000 supporters". */
  text: string;
  /** Stems of the words it counts ("supporter"). */
  units: string[];
  /** Written as words ("three videos"): compared with other figures, never an "only" detail by itself. */
  inWords: boolean;
  /** A count beside another ("35 other cities", "15,000 more beds"), not of the same whole. */
  besideAnother: boolean;
  /**
   * Stems of the lowercase words that narrow what it counts, before the counted word
   * ("unaccompanied", "migrant" of "20,000 unaccompanied migrant children"); not an acronym or a
   * size word ("25 US cities", "5 million people").
   */
  qualifiers: string[];
  /**
   * A vague magnitude ("thousands of people", "tens of thousands", "dozens of"): the range it
   * allows (VAGUE_MAGNITUDES), read instead of its qualifier. Compared, never an "only" detail.
   */
  range?: [number, number];
  /**
   * What befell what it counts, as a term (FATES): "more than 200 people were arrested", "police
   * arrested 200 people", "200 arrested" count arrests, not the crowd (issue 32).
   */
  fate?: string;
}

/** Fates a count may be of: a count of people arrested is not a count of the protesters. */
const FATES: ReadonlySet<string> = new Set(
  (
    "killed dead died injured wounded hurt arrested detained charged evacuated displaced missing rescued " +
    "camped stranded destroyed damaged burned infected hospitalised hospitalized jailed sentenced deported " +
    "trapped threatened affected"
  )
    .split(" ")
    .map((w) => termOf(w)),
);
/** Words between a counted phrase and its fate ("were", "have been", "reportedly"). */
const BEFORE_FATE = new Set("were was are is have has had been being reportedly".split(" "));
const FATE_WORDS = /^(?:\s+[\p{L}'’-]+){1,4}/u;

/** The fate written right after a counted phrase (auxiliaries passed over) or right before the count ("arrested more than 200"). */
function fateAround(text: string, start: number, end: number): string | undefined {
  for (const w of FATE_WORDS.exec(text.slice(end))?.[0].trim().split(/\s+/) ?? []) {
    const term = termOf(w);
    if (FATES.has(term)) return term;
    if (!BEFORE_FATE.has(w.toLowerCase())) break;
  }
  const previous = /([\p{L}'’-]+)\s+$/u.exec(text.slice(Math.max(0, start - 30), start))?.[1];
  return previous !== undefined && FATES.has(termOf(previous)) ? termOf(previous) : undefined;
}

/**
 * A count written without what it counts ("at least 10,000 took part") read as a closer count of
 * the vague magnitude just before it in the article ("thousands of people marched"), when it lies
 * in the magnitude's range: the outlet's most specific figure (issue 32).
 */
function readWithMagnitude(figures: Figure[], last: { vague?: Figure }): void {
  for (const f of figures) {
    if (f.range && f.units.length) last.vague = f;
    else if (!f.range && !f.units.length && !f.inWords && last.vague) {
      const least = last.vague.range![0];
      const v = Number(f.value);
      if (v >= least && v < least * MAGNITUDE_SPAN) {
        f.units = last.vague.units;
        f.qualifiers = last.vague.qualifiers;
        f.fate = last.vague.fate;
      }
    }
  }
}
/** A bare count reads as a vague magnitude's when it is below this many times the magnitude's least ("thousands": under 100,000). */
const MAGNITUDE_SPAN = 100;

export interface NameMention {
  text: string;
  /** One word that is the adjective of a place or a party ("British", "Republican"). */
  adjective: boolean;
  /** Name families of its words (lib/text/terms.ts), for "does another outlet mention it". */
  families: string[];
}

export interface Statement {
  article: number;
  /** 0 for the headline, then the lead's sentences in order. */
  order: number;
  headline: boolean;
  /** The passage as the article writes it (trimmed of feed artefacts; "…" where it was cut). */
  text: string;
  complete: boolean;
  /** Content terms → weight (names and figures weigh more than ordinary words). */
  terms: Map<string, number>;
  names: NameMention[];
  figures: Figure[];
  quotes: string[];
  /**
   * The sentence's clauses, each a statement of its own (issue 32: the fact most outlets share is
   * often one clause of a longer sentence, "…as rumours swirl over Kim Jong-un's health"): only for
   * a passage of one sentence with two or more clauses of CLAUSE_TERMS terms or more.
   */
  clauses?: Statement[];
  /**
   * A clause that opens its sentence and ends at a comma or a dash: it may be a subject without
   * its predicate ("President Tayyip Erdogan and his main challenger, …"), so it is a statement
   * only when it writes an action (common-points.ts actionTerms).
   */
  needsAction?: boolean;
}

/**
 * Where a sentence's clauses part: after ",", ";", ":" or a dash, or before a word opening a
 * clause ("as", "after", "amid" …). A clause after a comma or a dash is most often a predicate
 * without its subject ("…, seriously injured in car crash"): it is no statement of its own; one
 * opened by such a word, after ";", or after a headline's label ("Coronavirus: …") is.
 */
const CLAUSE_PARTS =
  /(?:[,;:]|\s[—–-])\s+|\s(?=(?:as|after|amid|while|but|because|although|though|since|before|when|despite|following)\s)/g;
/** A label before a colon has at most this many words ("Climate change: …"). */
const LABEL_WORDS = 4;
/** A clause is a statement of its own with this many content terms or more. */
const CLAUSE_TERMS = 4;

// "LONDON (Reuters) - ", "June 22 (UPI) -- ", "WASHINGTON (AP) — ".
const DATELINE =
  /^(?:[\p{Lu}][\p{Lu}\p{L}.' ,]*?\s)?\((?:Reuters|AP|AFP|UPI|CNN|Bloomberg|CNBC)\)\s*(?:-{1,2}|–|—)\s*/u;
// "DAN HODGES: ", "PETER HITCHENS: " (a column's byline in capitals).
const COLUMN_BYLINE = /^\p{Lu}[\p{Lu}'’. -]{3,}:\s+/u;
const BY_LINE = /^By \p{Lu}\p{L}+(?: \p{Lu}\p{L}+){0,2}\s*[-–—|:]\s*/u;
const BOILERPLATE = /\s*(?:Continue reading\.*|Click to Continue|Read more\.*|Watch the video\.*)\s*$/i;

/** Words of consequence: a statement reporting one adds more than one that does not. */
const CONSEQUENCES = new Set(
  (
    "dead deadly death deaths died dies kill killed killing injured injuries hurt wounded arrested arrests charged sentenced convicted " +
    "resigned resigns fired sacked ousted banned suspended suspends evacuated destroyed collapsed closed cancelled canceled " +
    "postponed delayed approved rejected blocked sanctions threatens threatened warned warns recalled"
  ).split(" "),
);

/**
 * Words after a number that say its size ("20 Percent", "5 Million"), capitalised or not: percent
 * and the scales from a thousand (decision 150).
 */
const SIZE_WORDS = new Set([PERCENT, ...scaleWords(1_000, 1_000_000_000_000)]);

/** Plurals without an "s" a number counts ("20,000 migrant children"). */
const IRREGULAR_PLURALS = new Set(["children", "people", "men", "women", "personnel"]);
/** A counted phrase has at most this many words: modifiers, then the plural they modify ("two exchange program training exercises"). */
const MAX_COUNTED_WORDS = 4;
/** Lowercase words a counted phrase may be made of before its plural. */
const PHRASE_WORDS = /^(?:\s+(\p{Ll}[\p{L}'’-]*))+/u;
/** Characters after a count read for its phrase. */
const PHRASE_CHARS = 120;

/**
 * How many words of a count's phrase come before its plural, when they are lowercase words ending
 * in one ("exchange program training exercises": 3); 0 when the first word is the plural or none is.
 */
function wordsBeforePlural(rest: string): number {
  // The next few words only: a sentence of thousands of words is not read to its end at each number.
  const words =
    PHRASE_WORDS.exec(rest.slice(0, PHRASE_CHARS))?.[0].trim().split(/\s+/).slice(0, MAX_COUNTED_WORDS) ?? [];
  for (const [k, w] of words.entries()) {
    if (STOP_WORDS.has(w) || NOT_COUNTED.has(w) || SKIPPED.has(w)) return 0;
    if (plural(w)) return k;
  }
  return 0;
}

function plural(word: string): boolean {
  return /s$/.test(word) || IRREGULAR_PLURALS.has(word);
}

/** Words between a number and what it counts; right after the number, they make it a count beside another. */
const SKIPPED = new Set(["other", "more", "additional", "extra", "new"]);

/** Words after a number that are not what it counts. */
const NOT_COUNTED = new Set(
  "came come comes went were was are is be been had has have into onto off up down from over under per".split(
    " ",
  ),
);

const QUALIFIER =
  /(?:at least|more than|less than|fewer than|up to|as many as|nearly|almost|around|about|roughly|some|over|under|an estimated|estimated)\s+$/i;

/**
 * The trimmed passage of a sentence: its offset within the sentence and its text. A headline of
 * several sentences is trimmed at its start and its end only, so the passage stays one piece of
 * the article ("! (Reuters) - Storm" is not "! Storm").
 */
function trimmed(sentence: PreparedSentence, first: boolean, last: boolean): { from: number; text: string } {
  let text = sentence.text;
  let from = 0;
  for (const re of first ? [DATELINE, COLUMN_BYLINE, BY_LINE] : []) {
    const m = re.exec(text);
    if (m && m[0].length < text.length) {
      from += m[0].length;
      text = text.slice(m[0].length);
    }
  }
  if (!last) return { from, text };
  // "… on Friday night.Arrington's campaign …": a feed lost the space; the sentence ends at the dot.
  const runOn = /\p{Ll}{2}[.!?](?=\p{Lu}\p{Ll})/u.exec(text);
  if (runOn) text = text.slice(0, runOn.index + 3);
  return { from, text: text.replace(BOILERPLATE, "") };
}

/** Words of the card's outlet names ("BBC", "News", "Reuters", "Mail"): self-references, not names of the story. */
export function outletWords(articles: PreparedArticle[]): Set<string> {
  const words = new Set<string>(["mail on sunday"]);
  for (const a of articles)
    for (const w of a.outlet.name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w && w !== "the") words.add(w);
  return words;
}

/** A word in capitals that is emphasis rather than an acronym: "WON'T", "LONGER", "FIVE". */
function emphatic(t: Token, lowercase: Set<string>): boolean {
  if (!/^[\p{Lu}\p{N}'’.-]+$/u.test(t.text) || t.text.length < 2) return false;
  return (
    /['’]/.test(t.text) ||
    t.text.length >= 7 ||
    isStopToken(t) ||
    lowercase.has(t.key) ||
    spelledNumber(t.key) !== undefined
  );
}

/** Words for the people who write the report: the name after one is a byline ("CNN correspondent Rosa Flores"). */
const REPORTER_WORDS = "correspondent|reporter|journalist|anchor|editor|producer|contributor";
const BYLINE_BEFORE = new RegExp(
  `(?:(?:^|[\\s(])by\\s+|(?:${REPORTER_WORDS})\\s+|([\\p{L}\\d]+)['’]s\\s+)$`,
  "iu",
);
const BYLINE_AFTER = /^\s+(?:reports|reported|reporting|has more|explains|contributed)\b/i;

/**
 * Whether the name at `start..end` of a sentence is the byline of the report, not a name of the
 * story (issue 32: "Only CNN mentions Rosa Flores"): after "By", after a word for a reporter
 * ("correspondent Rosa Flores"), after an outlet's possessive ("CNN's Rosa Flores"), or followed
 * by "reports" ("Rosa Flores reports").
 */
function byline(text: string, start: number, end: number, outlets: Set<string>): boolean {
  const before = BYLINE_BEFORE.exec(text.slice(Math.max(0, start - 40), start));
  if (before && (before[1] === undefined || outlets.has(before[1].toLowerCase()))) return true;
  return BYLINE_AFTER.test(text.slice(end, end + 20));
}

/** The names a sentence writes: runs the card knows as names, without titles, dates, emphasis, outlet names or bylines. */
function namesOf(
  sentence: PreparedSentence,
  from: number,
  to: number,
  cardNames: Map<string, string>,
  lowercase: Set<string>,
  outlets: Set<string>,
): NameMention[] {
  const out = new Map<string, NameMention>();
  for (const run of capitalisedRuns(sentence.text, sentence.tokens)) {
    const breaks = (t: Token) => t.start < from || CALENDAR_WORDS.has(t.key) || emphatic(t, lowercase);
    for (const current of namesInRun(run, breaks)) {
      // A name the statement's cut leaves in part is no name of it ("Prime" of "Prime Minister").
      if (current.at(-1)!.start >= to) continue;
      const key = current.map((t) => t.key).join(" ");
      const self = current.every((t) => outlets.has(t.key)) || outlets.has(key);
      const reporter = byline(sentence.text, current[0].start, current.at(-1)!.end, outlets);
      if (cardNames.has(key) && !self && !reporter && !out.has(key)) {
        const words = current.filter((t) => !isNameJoiner(t));
        const adjective =
          words.length === 1 &&
          !words[0].acronym &&
          (PLACE_OF_DEMONYM.has(words[0].key) || /(?:an|ic|ese|ish)$/.test(words[0].key));
        // "US-Mexico" is also "US" and "Mexico".
        const families = words.flatMap((t) => [
          nameFamily(t.text, t.acronym),
          ...(t.text.includes("-")
            ? t.text
                .split("-")
                .filter(Boolean)
                .map((p) => nameFamily(p, isAcronym(p)))
            : []),
          ...[nameSpelling(t.text)].filter((x): x is string => x !== null),
          // "United Kingdom" is also "UK" and "Britain".
          ...[PLACE_PHRASES.get(key)].filter((x): x is string => x !== undefined),
        ]);
        out.set(key, { text: current.map((t) => t.text).join(" "), adjective, families });
      }
    }
  }
  return [...out.values()];
}

/**
 * Words after a count word that make it part of a larger number ("two dozen", "three million"):
 * not read as a count. The scales from a dozen to a billion, and the plurals from "hundreds" to
 * "millions" ("three hundreds of"); decision 150.
 */
const LARGER_NUMBER = new Set([
  ...scaleWords(12, 1_000_000_000),
  ...scalePlurals(scaleWords(100, 1_000_000)),
]);

/**
 * Counts written as words, as findNumbers gives digits: "three videos", "a dozen officers" (two to
 * twenty and a dozen; "one" is a pronoun as often as a count, and "two dozen" or "three million"
 * a larger number left out). A count word is only a figure with the word it counts (figuresOf).
 */
function spelledCounts(sentence: PreparedSentence): NumberMention[] {
  const out: NumberMention[] = [];
  const tokens = sentence.tokens;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const next = tokens[k + 1]?.key ?? "";
    if (t.key === "dozen" && k > 0 && tokens[k - 1].key === "a" && !LARGER_NUMBER.has(next)) {
      const a = tokens[k - 1];
      out.push({ text: sentence.text.slice(a.start, t.end), value: "12", start: a.start, end: t.end });
    } else if (t.key !== "one" && COUNT_WORDS.has(t.key) && !LARGER_NUMBER.has(next)) {
      out.push({ text: t.text, value: COUNT_WORDS.get(t.key)!, start: t.start, end: t.end });
    }
  }
  return out;
}

/**
 * The words a figure counts as a reader should see them: a Title Case headline's capitals are its
 * style, not names, so "20 Percent" reads "20 percent"; a word the card knows as a name ("Navy")
 * and an acronym keep theirs.
 */
function asWritten(words: string, sentence: PreparedSentence, cardNames: Map<string, string>): string {
  if (!sentence.titleCase) return words;
  return words.replace(/\p{Lu}\p{Ll}+/gu, (w) => (cardNames.has(w.toLowerCase()) ? w : w.toLowerCase()));
}

/**
 * A vague magnitude as written (lib/text/magnitudes.ts VAGUE_MAGNITUDES: "thousands", "tens of
 * thousands"), longest first so that "hundreds of thousands" is not read as "hundreds". Read
 * loosely so that no reading makes a false conflict: "thousands" is at least 1,000 (two thousand,
 * strictly) and has no upper bound, since an outlet writing "thousands" of a crowd others put at
 * 100,000 understates rather than contradicts; only a figure below the least ("500 protesters"
 * against "thousands of protesters") conflicts with it (docs/decisions/036-figures-compared.md).
 */
const VAGUE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...VAGUE_MAGNITUDES.keys()].sort((a, b) => b.length - a.length).join("|")})(?: of)?(?![\\p{L}\\p{N}])`,
  "giu",
);
/** Whether a text may hold a vague magnitude at all (one cheap test before VAGUE). */
const MAY_BE_VAGUE = new RegExp(
  `(?:${[...VAGUE_MAGNITUDES.keys()].filter((k) => !k.includes(" ")).join("|")})`,
  "i",
);
/** A vague magnitude with nothing counted after it counts people when it is a clause's subject ("Thousands march", "Anti-Brexit protest: thousands march"). */
const SUBJECT_POSITION = /(?:^|[:;–—]\s*|\s[-–—]\s*)$/u;
export const PEOPLE = termOf("people");

/** The vague magnitudes of a sentence, as mentions ("Thousands of" → value "~1000"; lowercase, "of" kept when written). */
function vagueCounts(text: string): (NumberMention & { least: number; of: boolean })[] {
  const out: (NumberMention & { least: number; of: boolean })[] = [];
  if (!MAY_BE_VAGUE.test(text)) return out;
  for (const m of text.matchAll(VAGUE)) {
    const written = m[0].toLowerCase();
    const of = written.endsWith(" of");
    const least = VAGUE_MAGNITUDES.get(of ? written.slice(0, -3) : written);
    if (least === undefined) continue;
    out.push({ text: written, value: `~${least}`, start: m.index, end: m.index + m[0].length, least, of });
  }
  return out;
}

/** Whether the word after a match is a lowercase word a number may count ("videos" after "three Navy"). */
function countedNext(rest: string, m: RegExpMatchArray): boolean {
  const next = /^\s+(\p{Ll}[\p{L}’'-]*)/u.exec(rest.slice(m.index! + m[0].length))?.[1];
  return next !== undefined && !STOP_WORDS.has(next) && !NOT_COUNTED.has(next);
}

/** A magnitude or a unit written right after digits ("$233m", "130km/h"): kept with the number. */
const NUMBER_SUFFIX = new RegExp(
  `^(?:${PROSE_SCALE_ABBREVIATIONS.join("|")}|%|(?:km|mi|m)\\/h|kph|mph|km|kg|mm|cm)(?![\\p{L}\\p{N}])`,
  "u",
);

/** Counts the sentence gives, in digits or words: not dates, times or ordinals, not the number of a name ("Falcon 9"). */
function figuresOf(
  article: PreparedArticle,
  sentence: PreparedSentence,
  from: number,
  to: number,
  cardNames: Map<string, string>,
): Figure[] {
  const out: Figure[] = [];
  const text = sentence.text;
  const spelled = spelledCounts(sentence);
  const vague = vagueCounts(text);
  const mentions: (NumberMention & { least?: number; of?: boolean })[] =
    spelled.length || vague.length
      ? [...findNumbers(text), ...spelled, ...vague].sort((a, b) => a.start - b.start)
      : findNumbers(text);
  for (const n of mentions) {
    if (n.start >= to) break;
    const inWords = !/\d/.test(n.text);
    if (
      n.start < from ||
      (!inWords && isDateNumber(text, n.start, n.end)) ||
      /^\s*[-–]\s*\d/.test(text.slice(n.end, n.end + 3))
    )
      continue;
    // Words counted: an attached magnitude ("$233m"), then up to two following words, stopping at
    // punctuation or a word that counts nothing ("30 train cars came off" counts "train cars").
    // A unit is kept whole: "130km/h", "130 km/h", not "130 km".
    const suffix = NUMBER_SUFFIX.exec(text.slice(n.end))?.[0] ?? "";
    const words: string[] = [];
    // Per word: whether it is a plain lowercase word (not an acronym, not a size word).
    const plain: boolean[] = [];
    let after = suffix;
    let besideAnother = false;
    // The first word was an acronym, which qualifies the next ("US cities").
    let qualifiedBy = false;
    // A plural demonym was passed over ("Poles").
    let nation = false;
    const rest = text.slice(n.end + suffix.length);
    // "Thousands join …": what a vague magnitude counts comes after "of", or not at all.
    const countsNothing = n.least !== undefined && !n.of;
    // Nouns before the plural they qualify are part of what is counted ("two exchange program training exercises").
    const compound = wordsBeforePlural(rest);
    for (const m of countsNothing
      ? []
      : rest.matchAll(/\s+(\p{L}[\p{L}’'-]*(?:\/\p{L}+)?)|[^\s\p{L}]|\s+/gu)) {
      const w = m[1]?.toLowerCase();
      // "35 other cities", "15,000 more beds", "20 Indian soldiers": the counted word comes after.
      if (w && (SKIPPED.has(w) || (PLACE_OF_DEMONYM.has(w) && /^\p{Lu}/u.test(m[1]))) && !words.length) {
        if (SKIPPED.has(w) && after === suffix) besideAnother = true;
        // "80,000 Poles rallied": a people named by its plural is what is counted.
        if (!SKIPPED.has(w) && /s$/.test(w)) nation = true;
        after += m[0];
        continue;
      }
      if (!w || words.length >= MAX_COUNTED_WORDS) break;
      // A verb is not what is counted ("80,000 Poles rallied"), unless it tells a fate ("200 arrested").
      if (!words.length && !compound && /ed$/.test(w) && !FATES.has(termOf(w))) break;
      // A name is not what a number counts ("$39 Zara jacket"); an acronym may qualify it ("25 US cities").
      // A count in words may be qualified by a name too ("three Navy videos"), when a lowercase word follows.
      const acronym =
        isAcronym(m[1]) ||
        (inWords &&
          !words.length &&
          /^\p{Lu}\p{Ll}/u.test(m[1]) &&
          !CALENDAR_WORDS.has(w) &&
          countedNext(rest, m));
      // A Title Case headline's size word still belongs to the figure ("20 Percent").
      const size = !words.length && SIZE_WORDS.has(w);
      if (!acronym && !size && (STOP_WORDS.has(w) || NOT_COUNTED.has(w) || /^\p{Lu}\p{Ll}/u.test(m[1])))
        break;
      // A second word only after a modifier ("unaccompanied migrant", "train cars", "migrant
      // children"), not a verb ("people fled"); a third only as the plural the two modify
      // ("unaccompanied migrant children"): the counted phrase is shown whole.
      const modifier =
        qualifiedBy ||
        /(?:ed|al|ive|ous|ic|ary)$/.test(words[0] ?? "") ||
        (plural(w) && !plural(words[0] ?? ""));
      if (words.length > compound && words.length === 1 && !modifier) break;
      if (words.length > compound && words.length >= 2 && !(plural(w) && !plural(words.at(-1)!))) break;
      if (words.length > compound && words.length >= 3) break;
      qualifiedBy = acronym;
      words.push(w);
      plain.push(!acronym && !size);
      after += m[0];
    }
    const before = text.slice(Math.max(from, n.start - 40), n.start);
    // A vague magnitude opening a clause with nothing counted counts people ("Thousands march"), as
    // does a count of a people named by its plural ("some 80,000 Poles").
    if (
      !words.length &&
      (nation || (n.least !== undefined && SUBJECT_POSITION.test(text.slice(from, n.start))))
    )
      words.push("people");
    let units = words.map((w) => termOf(w));
    const qualifiers = units.slice(0, -1).filter((_, k) => plain[k]);
    const previous = /(\S+)\s+$/.exec(before)?.[1] ?? "";
    // "Falcon 9 rocket", "WAVE 3 News": a capitalised word right before a number names something.
    if (
      /^\p{Lu}\p{L}*$/u.test(previous) &&
      !/^(?:At|About|Around|Some|Over|Nearly|Almost|Only|Just|The|A|An)$/.test(previous)
    )
      continue;
    if ((inWords || Number(n.value) < 10) && !units.length) continue;
    const qualifier = (QUALIFIER.exec(before)?.[0] ?? "").toLowerCase();
    const currency = /[$£€]$/.test(before) ? before.slice(-1) : "";
    // "200 arrested" counts people arrested, as "200 people were arrested" does.
    let fate = fateAround(text, n.start - qualifier.length - currency.length, n.end + after.length);
    if (units.length && FATES.has(units.at(-1)!)) {
      fate = units.at(-1);
      units = units.length > 1 ? units.slice(0, -1) : [PEOPLE];
    }
    const written = `${qualifier}${currency}${n.text}${asWritten(after, sentence, cardNames)}`
      .replace(/\s+/g, " ")
      .trim();
    out.push({
      article: article.index,
      value: n.value,
      text: written,
      units,
      inWords,
      besideAnother,
      qualifiers,
      ...(n.least !== undefined ? { range: [n.least, Infinity] as [number, number] } : {}),
      ...(fate ? { fate } : {}),
    });
  }
  return out;
}

/** The terms of a passage (as text.ts's contentTerms reads them), weighted: names 2, other words 1, weekdays ½. */
function termsOf(tokens: Token[], from: number, to: number, names: NameMention[]): Map<string, number> {
  const terms = new Map<string, number>();
  const nameTerms = new Set(names.flatMap((n) => n.families));
  for (const t of tokens) {
    if (t.start >= to) break;
    if (t.start < from || !isContentToken(t)) continue;
    const weight = WEEKDAYS.has(t.key)
      ? 0.5
      : nameTerms.has(nameFamily(t.text, t.acronym)) && t.capitalised
        ? 2
        : 1;
    for (const term of tokenTerms(t))
      if (!STOP_WORDS.has(term)) terms.set(term, Math.max(terms.get(term) ?? 0, weight));
  }
  // "Group of Seven" also says "G7", "United Kingdom" "UK"; written as a name, its words weigh as one.
  for (const { term, words } of phraseTerms(tokens, from, to)) {
    const weight = words[0].capitalised ? 2 : 1;
    for (const w of [term, ...words.filter(isContentToken).flatMap(tokenTerms)])
      if (!STOP_WORDS.has(w)) terms.set(w, Math.max(terms.get(w) ?? 0, weight));
  }
  return terms;
}

/** The statements of one article: its headline, then its lead. */
export function statementsOf(
  article: PreparedArticle,
  cardNames: Map<string, string>,
  lowercase: Set<string>,
  outlets: Set<string>,
): Statement[] {
  const out: Statement[] = [];
  // The article's last vague magnitude, which a bare count after it may read more closely.
  const magnitude: { vague?: Figure } = {};
  const title = article.sentences.filter((s) => s.title);
  const body = article.sentences.filter((s) => !s.title).slice(0, LEAD_SENTENCES);
  const pieces: { sentences: PreparedSentence[]; headline: boolean }[] = [];
  if (title.length) pieces.push({ sentences: title, headline: true });
  for (const s of body) pieces.push({ sentences: [s], headline: false });
  for (const piece of pieces) {
    const parts = piece.sentences.map((s, k, all) => ({ s, ...trimmed(s, k === 0, k === all.length - 1) }));
    const raw = parts
      .map((p) => p.text)
      .join(" ")
      .trim();
    if (raw.split(/\s+/).length < 3) continue;
    const complete = piece.sentences.every((s) => s.complete);
    // Quoted inside the analyzer's own “…”, the passage's curly double quotes read as straight ones (the
    // same text to the grounding check, which compares quotation marks folded), so quotations do not nest.
    // A passage the feed cut mid-sentence is cut back to its last whole clause.
    const cutByFeed = !complete && raw.length > 40 && !/[.!?]["”’)]?$/.test(raw);
    const text = (
      cutByFeed
        ? clip(raw.replace(/(?:\.{3}|…)$/, ""), Math.min(MAX_STATEMENT_CHARS, raw.length - 4))
        : clip(raw, MAX_STATEMENT_CHARS) + (complete || raw.length > MAX_STATEMENT_CHARS ? "" : "…")
    ).replace(/[“”]/g, '"');
    // Only what the statement shows counts: a sentence cut for display says no more than its cut
    // (and a sentence of thousands of words costs no more than one of fifty).
    const to = (p: (typeof parts)[number]) => p.from + MAX_STATEMENT_CHARS;
    const names = parts.flatMap((p) => namesOf(p.s, p.from, to(p), cardNames, lowercase, outlets));
    const figures = parts.flatMap((p) => figuresOf(article, p.s, p.from, to(p), cardNames));
    readWithMagnitude(figures, magnitude);
    const terms = new Map<string, number>();
    for (const p of parts)
      for (const [t, w] of termsOf(p.s.tokens, p.from, to(p), names))
        terms.set(t, Math.max(terms.get(t) ?? 0, w));
    const quotes = findQuotes(text).map((q) => q.text);
    const statement: Statement = {
      article: article.index,
      order: out.length,
      headline: piece.headline,
      text,
      complete,
      terms,
      names,
      figures,
      quotes,
    };
    if (parts.length === 1 && raw.length <= MAX_STATEMENT_CHARS) {
      const clauses = clausesOf(statement, parts[0], (from, to) =>
        namesOf(parts[0].s, from, to, cardNames, lowercase, outlets),
      );
      if (clauses.length >= 2) statement.clauses = clauses;
    }
    out.push(statement);
  }
  return out;
}

/**
 * The clauses of a one-sentence statement, each with its own terms and names (read from the
 * sentence between the clause's ends); the quoted text marks a cut with "…" ("…as rumours
 * swirl over Kim Jong-un's health."). Clauses of fewer than CLAUSE_TERMS terms, or of names alone,
 * are no statements.
 */
function clausesOf(
  statement: Statement,
  part: { s: PreparedSentence; from: number; text: string },
  namesBetween: (from: number, to: number) => NameMention[],
): Statement[] {
  const out: Statement[] = [];
  const text = part.text;
  // Each clause's ends, and whether it can stand as a statement (the first does; see CLAUSE_PARTS).
  const ends: [number, number, boolean][] = [];
  let start = 0;
  let stands = true;
  let openingMark = "";
  for (const m of text.matchAll(CLAUSE_PARTS)) {
    if (!ends.length) openingMark = m[0].trim();
    ends.push([start, m.index, stands]);
    const mark = m[0].trim();
    stands =
      mark === "" ||
      mark === ";" ||
      (mark === ":" && text.slice(0, m.index).split(/\s+/).length <= LABEL_WORDS && ends.length === 1);
    start = m.index + m[0].length;
  }
  ends.push([start, text.length, stands]);
  if (ends.length < 2) return out;
  for (const [a, b, standing] of ends) {
    if (!standing) continue;
    const from = part.from + a;
    const to = part.from + b;
    const names = namesBetween(from, to);
    const terms = termsOf(part.s.tokens, from, to, names);
    const plain = [...terms.values()].filter((w) => w < 2).length;
    if (terms.size < CLAUSE_TERMS || !plain) continue;
    const clause = text
      .slice(a, b)
      .replace(/[,;:]$/, "")
      .trim();
    const shown = `${a > 0 ? "…" : ""}${clause}${b < text.length && !/[.!?]$/.test(clause) ? "…" : ""}`;
    out.push({
      ...statement,
      text: shown.replace(/[“”]/g, '"'),
      terms,
      names,
      // A clause is compared as a shared fact only: its figures are the sentence's business.
      figures: [],
      quotes: findQuotes(clause).map((q) => q.text),
      clauses: undefined,
      needsAction: a === 0 && /^(?:,|[—–-])$/.test(openingMark),
    });
  }
  return out;
}

/** The consequences a statement reports (a death, an arrest, a ban …), as terms. */
export function reportsConsequence(statement: Statement): string[] {
  return statement.text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => CONSEQUENCES.has(w))
    .map((w) => termOf(w));
}

/** Every term, name family and number an article states anywhere in the text read: what "another outlet says it too" is checked against. */
export interface ArticleVocabulary {
  terms: Set<string>;
  families: Set<string>;
  numbers: Set<string>;
  match: string;
}

/** An article's vocabulary. */
export function vocabularyOf(article: PreparedArticle): ArticleVocabulary {
  const terms = new Set<string>();
  const families = new Set<string>();
  // Once per distinct word: texts repeat their words.
  const seen = new Set<string>();
  for (const s of article.sentences) {
    // "United Kingdom" says "Britain" (lib/text/synonyms.ts).
    for (const { term } of phraseTerms(s.tokens)) {
      terms.add(term);
      families.add(term);
    }
    for (const t of s.tokens) {
      const id = t.acronym ? `A${t.text}` : t.text;
      if (seen.has(id)) continue;
      seen.add(id);
      addTokenTerms([t], terms);
      families.add(nameFamily(t.text, t.acronym));
      const spelling = nameSpelling(t.text);
      if (spelling) families.add(spelling);
      if (t.text.includes("-"))
        for (const part of t.text.split("-")) if (part.length >= 2) families.add(nameFamily(part));
    }
  }
  const numbers = new Set<string>(article.numberUnits.keys());
  for (const n of article.numbers) numbers.add(n.value);
  return { terms, families, numbers, match: article.match };
}
