/**
 * The figures a statement gives: each count a sentence writes (count-mentions.ts) read with what
 * it counts ("200 people", "two exchange program training exercises"), its qualifier ("at least",
 * "around"), its currency, and what befell what it counts ("200 people were arrested" counts
 * arrests, not the crowd: issue 32). Dates, times, ordinals, ranges and the numbers of names
 * ("Falcon 9") are no figures; a bare count after a vague magnitude is read as its closer count.
 */
import { STOP_WORDS } from "../text/stop-words";
import { PLACE_OF_DEMONYM } from "@/lib/text/demonyms";
import { PERCENT, PROSE_SCALE_ABBREVIATIONS, scaleWords } from "@/lib/text/magnitudes";
import { CALENDAR_WORDS, isDateNumber, termOf } from "@/lib/text/terms";
import { isAcronym } from "@/lib/text/words";
import { countMentions, type CountMention } from "./count-mentions";
import type { PreparedArticle, PreparedSentence } from "./facts";

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
export function readWithMagnitude(figures: Figure[], last: { vague?: Figure }): void {
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
 * The words a figure counts as a reader should see them: a Title Case headline's capitals are its
 * style, not names, so "20 Percent" reads "20 percent"; a word the card knows as a name ("Navy")
 * and an acronym keep theirs.
 */
function asWritten(words: string, sentence: PreparedSentence, cardNames: Map<string, string>): string {
  if (!sentence.titleCase) return words;
  return words.replace(/\p{Lu}\p{Ll}+/gu, (w) => (cardNames.has(w.toLowerCase()) ? w : w.toLowerCase()));
}

/** A vague magnitude with nothing counted after it counts people when it is a clause's subject ("Thousands march", "Anti-Brexit protest: thousands march"). */
const SUBJECT_POSITION = /(?:^|[:;–—]\s*|\s[-–—]\s*)$/u;
export const PEOPLE = termOf("people");

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

/** Words before a number that may open a count ("About 200"): capitalised, they still name nothing. */
const COUNT_OPENERS = /^(?:At|About|Around|Some|Over|Nearly|Almost|Only|Just|The|A|An)$/;

/**
 * Whether the text right before a number makes it the number of a name: a capitalised word right
 * before it ("Falcon 9 rocket", "WAVE 3 News"), unless a word that may open a count ("About 200").
 */
function namesSomething(before: string): boolean {
  const previous = /(\S+)\s+$/.exec(before)?.[1] ?? "";
  return /^\p{Lu}\p{L}*$/u.test(previous) && !COUNT_OPENERS.test(previous);
}

/** Whether a mention is a date or a time ("in 2011", "10.15pm"), or the first number of a range ("10-12"). */
function dateOrRange(text: string, n: CountMention): boolean {
  const inWords = !/\d/.test(n.text);
  return (
    (!inWords && isDateNumber(text, n.start, n.end)) || /^\s*[-–]\s*\d/.test(text.slice(n.end, n.end + 3))
  );
}

/** What a count counts, read from the words after it. */
interface Counted {
  /** The counted words, lowercase ("train", "cars"). */
  words: string[];
  /** Per word: whether it is a plain lowercase word (not an acronym, not a size word). */
  plain: boolean[];
  /** What the figure shows after the number: its suffix, the words passed over and the words counted. */
  after: string;
  /** A count beside another ("35 other cities"). */
  besideAnother: boolean;
  /** A plural demonym was passed over ("80,000 Poles"): a people named by its plural is what is counted. */
  nation: boolean;
}

/** A word after a number, or a mark, or a space. */
const NEXT_WORD = /\s+(\p{L}[\p{L}’'-]*(?:\/\p{L}+)?)|[^\s\p{L}]|\s+/gu;

/** Words right after a number that come before what it counts: "35 other cities", "15,000 more beds", "20 Indian soldiers". */
function passedOver(lower: string, written: string): boolean {
  return SKIPPED.has(lower) || (PLACE_OF_DEMONYM.has(lower) && /^\p{Lu}/u.test(written));
}

/**
 * Whether a word the number's phrase reaches may be added to what is counted: the compound's words
 * before their plural always; past them, a second word only after a modifier ("unaccompanied
 * migrant", "train cars", "migrant children"), not a verb ("people fled"); a third only as the
 * plural the two modify ("unaccompanied migrant children"): the counted phrase is shown whole.
 */
function extendsPhrase(words: string[], w: string, compound: number, qualifiedBy: boolean): boolean {
  if (words.length <= compound || words.length === 0) return true;
  if (words.length === 1)
    return qualifiedBy || /(?:ed|al|ive|ous|ic|ary)$/.test(words[0]) || (plural(w) && !plural(words[0]));
  return words.length === 2 && plural(w) && !plural(words[1]);
}

/**
 * The words a count counts: an attached magnitude ("$233m"), then the words after it up to
 * MAX_COUNTED_WORDS, stopping at punctuation or a word that counts nothing ("30 train cars came
 * off" counts "train cars"). A unit is kept whole: "130km/h", "130 km/h", not "130 km".
 */
function countedAfter(text: string, n: CountMention, inWords: boolean): Counted {
  const suffix = NUMBER_SUFFIX.exec(text.slice(n.end))?.[0] ?? "";
  const counted: Counted = { words: [], plain: [], after: suffix, besideAnother: false, nation: false };
  // "Thousands join …": what a vague magnitude counts comes after "of", or not at all.
  if (n.least !== undefined && !n.of) return counted;
  const { words } = counted;
  const rest = text.slice(n.end + suffix.length);
  // Nouns before the plural they qualify are part of what is counted ("two exchange program training exercises").
  const compound = wordsBeforePlural(rest);
  // The word before was an acronym, which qualifies the next ("US cities").
  let qualifiedBy = false;
  for (const m of rest.matchAll(NEXT_WORD)) {
    const w = m[1]?.toLowerCase();
    if (w && !words.length && passedOver(w, m[1])) {
      if (SKIPPED.has(w) && counted.after === suffix) counted.besideAnother = true;
      if (!SKIPPED.has(w) && /s$/.test(w)) counted.nation = true;
      counted.after += m[0];
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
    if (!acronym && !size && (STOP_WORDS.has(w) || NOT_COUNTED.has(w) || /^\p{Lu}\p{Ll}/u.test(m[1]))) break;
    if (!extendsPhrase(words, w, compound, qualifiedBy)) break;
    qualifiedBy = acronym;
    words.push(w);
    counted.plain.push(!acronym && !size);
    counted.after += m[0];
  }
  return counted;
}

/** One count of a sentence as a figure, or undefined when it names something or counts nothing said. */
function figureOf(
  article: PreparedArticle,
  sentence: PreparedSentence,
  n: CountMention,
  from: number,
  cardNames: Map<string, string>,
): Figure | undefined {
  const text = sentence.text;
  const before = text.slice(Math.max(from, n.start - 40), n.start);
  if (namesSomething(before)) return undefined;
  const inWords = !/\d/.test(n.text);
  const { words, plain, after, besideAnother, nation } = countedAfter(text, n, inWords);
  // A vague magnitude opening a clause with nothing counted counts people ("Thousands march"), as
  // does a count of a people named by its plural ("some 80,000 Poles").
  if (
    !words.length &&
    (nation || (n.least !== undefined && SUBJECT_POSITION.test(text.slice(from, n.start))))
  )
    words.push("people");
  let units = words.map((w) => termOf(w));
  const qualifiers = units.slice(0, -1).filter((_, k) => plain[k]);
  if ((inWords || Number(n.value) < 10) && !units.length) return undefined;
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
  return {
    article: article.index,
    value: n.value,
    text: written,
    units,
    inWords,
    besideAnother,
    qualifiers,
    ...(n.least !== undefined ? { range: [n.least, Infinity] as [number, number] } : {}),
    ...(fate ? { fate } : {}),
  };
}

/**
 * The counts a sentence gives between `from` and `to`, in digits or words, as figures: not dates,
 * times or ordinals, not the number of a name ("Falcon 9").
 */
export function figuresOf(
  article: PreparedArticle,
  sentence: PreparedSentence,
  from: number,
  to: number,
  cardNames: Map<string, string>,
): Figure[] {
  const out: Figure[] = [];
  for (const n of countMentions(sentence)) {
    if (n.start >= to) break;
    if (n.start < from || dateOrRange(sentence.text, n)) continue;
    const figure = figureOf(article, sentence, n, from, cardNames);
    if (figure) out.push(figure);
  }
  return out;
}
