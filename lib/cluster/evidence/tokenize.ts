/**
 * Headline and summary tokenizer for story clustering: lowercase terms stemmed as the analysis
 * stems them (lib/text/terms.ts, Porter2), normalised numbers, and the capitalisation evidence
 * the feature builder needs to spot names.
 */

import { PLACE_OF_DEMONYM } from "@/lib/text/demonyms";
import { SCALE_SYMBOLS } from "@/lib/text/magnitudes";
import { CALENDAR_WORDS, RELATIVE_DAYS, stemWord } from "@/lib/text/terms";
import { COUNT_WORDS, FUNCTION_WORDS, isAcronym, isTitleCase } from "@/lib/text/words";

export type TokenKind = "word" | "number";

/**
 * A term of a text as clustering weighs it. The analysis's `Token` (lib/analysis/text.ts) is the
 * other view of the same words: it keeps every word with its character offsets, for quoting and
 * checking; a TermToken drops function words and dates and normalises numbers, for similarity.
 */
export interface TermToken {
  /** The normalised term: the Porter2 stem for words, a canonical form for numbers ("1000", "5.5%", "1.8b"). */
  term: string;
  /** The word as written, lowercased and unstemmed: phrases join these ("mt" + "gox" → "mtgox"). */
  word: string;
  kind: TokenKind;
  /** Capitalised in the original text. */
  capitalised: boolean;
  /** A name on its own evidence: an acronym (ECB) or an inner capital (iPhone, SoftBank). */
  strongName: boolean;
  /** First word of a sentence, where a capital says nothing about names. */
  sentenceStart: boolean;
  /** Word position in the text, counting removed stopwords, so adjacency is real adjacency. */
  position: number;
}

export interface TokenizedText {
  tokens: TermToken[];
  /** Most content words are capitalised ("Apple Unveils New iPhone"): capitals there are no evidence of names. */
  titleCase: boolean;
}

// Headline boilerplate ("UPDATE 2-", "FACTBOX-") and reporting verbs that say nothing about the
// event, on top of the function words both clustering and analysis drop.
const STOPWORDS = new Set([
  ...FUNCTION_WORDS,
  ..."says said say new update updated focus factbox exclusive breaking refile corrected wrapup analysis instant view rpt let get gets got".split(
    " ",
  ),
]);

// "May" is a verb in headlines more often than a month.
const DATE_WORDS = new Set([...CALENDAR_WORDS, ...RELATIVE_DAYS].filter((w) => w !== "may"));

const PLAIN_WORD = /^[A-Za-z]+$/;
const URL_LIKE = /:\/\/|^www\.|^@\w|\.(com|org|net|io|co|uk|gov|edu)(\/|\.|$)/i;
const NUMBER = /^(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(%|[a-z]+)?$/;
const CURRENCY_PREFIX = /^(?:us|a|au|c|ca|hk|nz|s)?[$£€¥₹]/i;
const DOTTED_ACRONYM = /^(?:\p{L}\.){2,}$/u;
const CLOSES_SENTENCE = /[.!?:;]$/;
const DASHES = /^[-–—|•]+$/;
const OPENING_PUNCTUATION = /^[^\p{L}\p{N}$£€¥₹]/u;
const CLOSING_PUNCTUATION = /[^\p{L}\p{N}%]$/u;
const POSSESSIVE = /'s$/i;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}$£€¥₹]+|[^\p{L}\p{N}%]+$/gu;

/** A word that is part of a date ("March", "Tuesday"): dropped, and takes a day number before it along. */
const DATE_PART = "date";

/** How one word reads: a date part, a token (its place in the text aside), or nothing (a stopword, a lone letter). */
type WordReading = typeof DATE_PART | TermToken | null;

/**
 * The readings of plain words (letters only), shared by the texts of a batch. A plain word reads
 * the same wherever it stands (only its place differs), and a batch writes its words thousands of
 * times: each is lowercased, looked up and stemmed once. The readings are never handed out, only copied.
 */
export class PlainWordReadings {
  private readonly known = new Map<string, WordReading>();

  read(word: string): WordReading {
    let reading = this.known.get(word);
    if (reading === undefined) {
      reading = DATE_WORDS.has(word.toLowerCase()) ? DATE_PART : toToken(word, 0, false);
      this.known.set(word, reading);
    }
    return reading;
  }
}

/**
 * Splits a text into clustering tokens; stopwords are dropped but keep their positions. The texts of
 * a batch share `readings`.
 */
export function tokenizeText(text: string, readings = new PlainWordReadings()): TokenizedText {
  const chunks = text
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”]/g, '"')
    .split(/\s+/)
    .filter(Boolean);
  const line = new TokenLine();
  for (const chunk of chunks) {
    // Most words are plain letters: no dash, link or punctuation to handle, and read once per batch.
    if (PLAIN_WORD.test(chunk)) {
      line.place(readings.read(chunk));
      continue;
    }
    if (DASHES.test(chunk)) {
      line.sentenceStart = true;
      continue;
    }
    // Links and handles in feed descriptions are boilerplate, not words ("http://aje.io/…").
    if (URL_LIKE.test(chunk)) continue;
    const core = chunk.replace(EDGE_PUNCTUATION, "");
    const abbreviation = isAbbreviation(core, chunk);
    const endsSentence = CLOSES_SENTENCE.test(chunk) && !abbreviation;
    // Punctuation and a possessive part two names ("Turkey's Erdogan", "Scarborough: Trump", "'Hitler'"):
    // a gap in the positions keeps them from reading as one phrase.
    if (OPENING_PUNCTUATION.test(chunk)) line.position += 1;
    for (const part of core ? splitCompound(core) : []) {
      if (PLAIN_WORD.test(part)) line.place(readings.read(part));
      else if (isDatePart(part, line.position, line.datePosition)) line.place(DATE_PART);
      else line.place(toToken(part, line.position, line.sentenceStart));
    }
    if (endsSentence) line.sentenceStart = true;
    if (!abbreviation && (CLOSING_PUNCTUATION.test(chunk) || POSSESSIVE.test(chunk))) line.position += 1;
  }
  const { tokens } = line;
  return { tokens: attachMagnitudes(tokens), titleCase: isTitleCase(tokens) };
}

/** The tokens of a text as its words are placed one after another. */
class TokenLine {
  readonly tokens: TermToken[] = [];
  /** The word position the next word takes. */
  position = 0;
  sentenceStart = true;
  /** The position of the last date part. */
  datePosition = -2;

  /** Places the next word: a token, a date part or nothing. */
  place(reading: WordReading): void {
    if (reading === DATE_PART) {
      // "March 10", "10 March", "Tuesday": dates link unrelated stories published the same day.
      this.datePosition = this.position;
      const previous = this.tokens[this.tokens.length - 1];
      if (previous?.kind === "number" && previous.position === this.position - 1) this.tokens.pop();
    } else if (reading) this.tokens.push(placed(reading, this.position, this.sentenceStart));
    this.position += 1;
    this.sentenceStart = false;
  }
}

/** A token of its own at a place in the text (magnitudes attach to the token, so readings are copied). */
function placed(reading: TermToken, position: number, sentenceStart: boolean): TermToken {
  const { term, word, kind, capitalised, strongName } = reading;
  return { term, word, kind, capitalised, strongName, position, sentenceStart };
}

/** Numbers in a canonical form ("1,000" → "1000", "$1.8bn" → "1.8b"), or null when the text is no number. */
export function normalizeNumber(raw: string): string | null {
  const match = NUMBER.exec(raw.toLowerCase());
  if (!match) return null;
  const [, whole, fraction = "", suffix = ""] = match;
  const digits = whole.replace(/,/g, "") + fraction;
  if (suffix === "%") return digits + "%";
  const magnitude = SCALE_SYMBOLS.get(suffix);
  if (magnitude) return digits + magnitude;
  // Ordinals and decades ("1st", "'90s") stay as written; other suffixes are units that add nothing.
  if (/^(st|nd|rd|th|s)$/.test(suffix)) return digits + suffix;
  return digits;
}

function isDatePart(part: string, position: number, datePosition: number): boolean {
  const lower = part.toLowerCase();
  // "Sunday's election" names a day as much as "Sunday" does.
  if (DATE_WORDS.has(lower) || (POSSESSIVE.test(lower) && DATE_WORDS.has(lower.slice(0, -2)))) return true;
  // A day number right after a month ("March 10-14"), or a clock time ("2:02").
  return (
    (/^\d{1,2}(st|nd|rd|th)?$/.test(lower) && datePosition === position - 1) || /^\d{1,2}:\d\d$/.test(lower)
  );
}

function isAbbreviation(core: string, chunk: string): boolean {
  // "Mt.", "Jos.", "U.S." end in a dot without ending the sentence.
  return chunk.endsWith(".") && (DOTTED_ACRONYM.test(core + ".") || /^\p{L}{1,3}$/u.test(core));
}

function splitCompound(core: string): string[] {
  if (DOTTED_ACRONYM.test(core + ".") || DOTTED_ACRONYM.test(core)) return [core.replace(/\./g, "")];
  // "Mt.Gox" is "Mt. Gox" written tight; a dot between digits ("7.1") stays.
  const parts = core.split(/[-–—/|]+|(?<=\p{L})\.(?=\p{L})/u).filter(Boolean);
  // "T-Mobile", "X-Men", "Covid-19" and "G-7" are one name; "half-baked" and "4.7-inch" are two words.
  if (parts.length === 2 && /^\p{Lu}[\p{L}]*$/u.test(parts[0]) && /^\d+$/.test(parts[1]))
    return [parts.join("")];
  if (parts.length > 1 && parts.some((p) => /^\p{L}$/u.test(p))) return [parts.join("")];
  return parts;
}

function toToken(part: string, position: number, sentenceStart: boolean): TermToken | null {
  const cleaned = PLAIN_WORD.test(part)
    ? part
    : part.replace(EDGE_PUNCTUATION, "").replace(/'s$/i, "").replace(CURRENCY_PREFIX, "");
  if (!cleaned) return null;
  if (/\d/.test(cleaned)) {
    const term = normalizeNumber(cleaned) ?? cleaned.toLowerCase().replace(/[^\p{L}\p{N}.%]/gu, "");
    // Codes such as "MH370", "S5" or "4G" behave like numbers: a different one is a different thing.
    return term
      ? { term, word: term, kind: "number", capitalised: false, strongName: false, position, sentenceStart }
      : null;
  }
  const letters = PLAIN_WORD.test(cleaned) ? cleaned : cleaned.replace(/[^\p{L}]/gu, "");
  if (letters.length < 2) return null;
  const lower = letters.toLowerCase();
  const capitalised = letters[0] !== lower[0];
  let upperCount = 0;
  for (let i = 0; i < letters.length; i++) if (letters[i] !== lower[i]) upperCount += 1;
  const acronym = isAcronym(letters);
  const innerCapital = upperCount > 0 && upperCount < letters.length && letters.slice(1) !== lower.slice(1);
  // "US" in capitals is the country, not the pronoun.
  if (lower === "us" && acronym)
    return { term: "usa", word: lower, kind: "word", capitalised, strongName: true, position, sentenceStart };
  if (STOPWORDS.has(lower)) return null;
  // Counts written as words are the same figures as digits ("three games" is "3 games"); "one"
  // and "two" are function words, pronouns and idioms more often than counts.
  const count = COUNT_WORDS.get(lower);
  if (count)
    return {
      term: count,
      word: count,
      kind: "number",
      capitalised: false,
      strongName: false,
      position,
      sentenceStart,
    };
  const place = PLACE_OF_DEMONYM.get(lower);
  if (place)
    return {
      term: stemWord(place),
      word: place,
      kind: "word",
      capitalised,
      strongName: acronym || innerCapital,
      position,
      sentenceStart,
    };
  return {
    term: stemWord(lower),
    word: lower,
    kind: "word",
    capitalised,
    strongName: acronym || innerCapital,
    position,
    sentenceStart,
  };
}

function attachMagnitudes(tokens: TermToken[]): TermToken[] {
  let kept = 0;
  for (const token of tokens) {
    const previous = kept > 0 ? tokens[kept - 1] : undefined;
    // "$1.8 billion" and "$1.8bn" are the same figure.
    const magnitude = SCALE_SYMBOLS.get(token.term);
    if (
      magnitude &&
      previous?.kind === "number" &&
      /^[\d.]+$/.test(previous.term) &&
      previous.position === token.position - 1
    ) {
      previous.term += magnitude;
      previous.word = previous.term;
      continue;
    }
    tokens[kept++] = token;
  }
  tokens.length = kept;
  return tokens;
}
