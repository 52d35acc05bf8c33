/**
 * Headline and summary tokenizer for story clustering: lowercase terms stemmed as the analysis
 * stems them (lib/text/terms.ts, Porter2), normalised numbers, and the capitalisation evidence
 * the feature builder needs to spot names.
 */

import { PLACE_OF_DEMONYM } from "@/lib/text/demonyms";
import { SCALE_SYMBOLS } from "@/lib/text/magnitudes";
import { CALENDAR_WORDS, RELATIVE_DAYS, stemWord } from "@/lib/text/terms";
import { COUNT_WORDS, FUNCTION_WORDS, isAcronym, isTitleCaseShare, tellsTitleCase } from "@/lib/text/words";

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

/**
 * How a word reads, its place in the text aside, with what the passes after the tokenizer ask of
 * it worked out once: the scale it writes after a number, whether it counts in the Title Case
 * test, and (for lib/cluster/evidence/interned-text.ts) its key id in the batch's key table.
 */
export interface Reading {
  token: TermToken;
  /** The symbol of the scale the term names ("billion" → "b"), else undefined. */
  magnitude: string | undefined;
  /** Whether the word counts in the Title Case test (tellsTitleCase). */
  tellsCase: boolean;
  /** The key id of the term, once a key table has interned it; -1 before. */
  key: number;
}

/** How one word reads: a date part, a reading, or nothing (a stopword, a lone letter). */
type WordReading = typeof DATE_PART | Reading | null;

function readingOf(token: TermToken | null): Reading | null {
  if (!token) return null;
  return { token, magnitude: SCALE_SYMBOLS.get(token.term), tellsCase: tellsTitleCase(token.word), key: -1 };
}

/** Whether a UTF-16 code unit is one of JavaScript's white space characters (what /\s/ matches). */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Whether a code unit is an ASCII letter: a chunk of these only is a plain word (PLAIN_WORD). */
function isAsciiLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** The hash of text[start, end) that PlainWordReadings files a word under (FNV-1a over code units). */
function hashOf(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  return hash;
}

/**
 * The readings of plain words (letters only), shared by the texts of a batch. A plain word reads
 * the same wherever it stands (only its place differs), and a batch writes its words thousands of
 * times: each is lowercased, looked up and stemmed once. Words are found by their characters in
 * the text (an open-addressing table on a hash of them), so a word seen before costs no string.
 */
export class PlainWordReadings {
  /** Per slot, an index into the entries, or -1. */
  private slots = new Int32Array(1 << 12).fill(-1);
  private readonly hashes: number[] = [];
  private readonly written: string[] = [];
  private readonly readings: WordReading[] = [];

  /** The reading of the plain word text[start, end), whose hashOf is `hash`. */
  readRange(text: string, start: number, end: number, hash: number): WordReading {
    const mask = this.slots.length - 1;
    const length = end - start;
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const e = this.slots[s];
      if (e < 0) break;
      const known = this.written[e];
      if (this.hashes[e] === hash && known.length === length && text.startsWith(known, start))
        return this.readings[e];
    }
    const word = text.slice(start, end);
    const reading = DATE_WORDS.has(word.toLowerCase()) ? DATE_PART : readingOf(toToken(word, 0, false));
    this.add(hash, word, reading);
    return reading;
  }

  read(word: string): WordReading {
    return this.readRange(word, 0, word.length, hashOf(word, 0, word.length));
  }

  private add(hash: number, word: string, reading: WordReading): void {
    const e = this.written.length;
    this.hashes.push(hash);
    this.written.push(word);
    this.readings.push(reading);
    // At most half full, so probes stay short.
    if (2 * (e + 1) > this.slots.length) {
      this.slots = new Int32Array(this.slots.length * 2).fill(-1);
      for (let k = 0; k <= e; k++) this.file(k);
    } else this.file(e);
  }

  private file(e: number): void {
    const mask = this.slots.length - 1;
    let s = this.hashes[e] & mask;
    while (this.slots[s] >= 0) s = (s + 1) & mask;
    this.slots[s] = e;
  }
}

/**
 * Splits a text into clustering tokens; stopwords are dropped but keep their positions. The texts of
 * a batch share `readings`. The plain view of TokenLine's tokens: lib/cluster/evidence/interned-text.ts
 * reads the line straight into interned arrays instead.
 */
export function tokenizeText(text: string, readings = new PlainWordReadings()): TokenizedText {
  const line = new TokenLine();
  line.read(text, readings);
  const tokens: TermToken[] = [];
  for (let t = 0; t < line.count; t++) {
    const { term, word, kind, capitalised, strongName } = line.readings[t].token;
    const merged = line.merged[t];
    tokens.push({
      term: merged ?? term,
      word: merged ?? word,
      kind,
      capitalised,
      strongName,
      position: line.positions[t],
      sentenceStart: line.sentenceStarts[t],
    });
  }
  return { tokens, titleCase: line.titleCase };
}

/**
 * The tokens of a text as its words are placed one after another: per token, its reading, its
 * place, whether it opens a sentence, and its term when a magnitude joined it ("1.8" + "billion" →
 * "1.8b", also its word), else undefined. One line can read text after text: its arrays are reused.
 */
export class TokenLine {
  readonly readings: Reading[] = [];
  readonly positions: number[] = [];
  readonly sentenceStarts: boolean[] = [];
  readonly merged: (string | undefined)[] = [];
  /** How many tokens the text read last has. */
  count = 0;
  /** Most content words are capitalised ("Apple Unveils New iPhone"): capitals there are no evidence of names. */
  titleCase = false;
  /** The word position the next word takes. */
  private position = 0;
  private sentenceStart = true;
  /** The position of the last date part. */
  private datePosition = -2;

  /** Reads a text into the line, in place of the one before. */
  read(text: string, readings: PlainWordReadings): void {
    this.count = 0;
    this.position = 0;
    this.sentenceStart = true;
    this.datePosition = -2;
    const length = text.length;
    let k = 0;
    while (k < length) {
      while (k < length && isSpace(text.charCodeAt(k))) k++;
      if (k === length) break;
      const start = k;
      let plain = true;
      // Most words are plain letters: no dash, link or punctuation to handle, and read once per batch.
      let hash = 0x811c9dc5;
      for (; k < length; k++) {
        const c = text.charCodeAt(k);
        if (isSpace(c)) break;
        if (plain && isAsciiLetter(c)) hash = Math.imul(hash ^ c, 0x01000193);
        else plain = false;
      }
      if (plain) this.place(readings.readRange(text, start, k, hash));
      else
        this.readChunk(
          text
            .slice(start, k)
            .replace(/[’‘`´]/g, "'")
            .replace(/[“”]/g, '"'),
          readings,
        );
    }
    this.attachMagnitudes();
    this.titleCase = this.isTitleCase();
  }

  /** A chunk between spaces that is not a plain word: dashes, links, punctuation, compounds, numbers. */
  private readChunk(chunk: string, readings: PlainWordReadings): void {
    if (DASHES.test(chunk)) {
      this.sentenceStart = true;
      return;
    }
    // Links and handles in feed descriptions are boilerplate, not words ("http://aje.io/…").
    if (URL_LIKE.test(chunk)) return;
    const core = chunk.replace(EDGE_PUNCTUATION, "");
    const abbreviation = isAbbreviation(core, chunk);
    const endsSentence = CLOSES_SENTENCE.test(chunk) && !abbreviation;
    // Punctuation and a possessive part two names ("Turkey's Erdogan", "Scarborough: Trump", "'Hitler'"):
    // a gap in the positions keeps them from reading as one phrase.
    if (OPENING_PUNCTUATION.test(chunk)) this.position += 1;
    for (const part of core ? splitCompound(core) : []) {
      if (PLAIN_WORD.test(part)) this.place(readings.read(part));
      else if (isDatePart(part, this.position, this.datePosition)) this.place(DATE_PART);
      else this.place(readingOf(toToken(part, this.position, this.sentenceStart)));
    }
    if (endsSentence) this.sentenceStart = true;
    if (!abbreviation && (CLOSING_PUNCTUATION.test(chunk) || POSSESSIVE.test(chunk))) this.position += 1;
  }

  /** Places the next word: a token, a date part or nothing. */
  private place(reading: WordReading): void {
    if (reading === DATE_PART) {
      // "March 10", "10 March", "Tuesday": dates link unrelated stories published the same day.
      this.datePosition = this.position;
      const last = this.count - 1;
      if (
        last >= 0 &&
        this.readings[last].token.kind === "number" &&
        this.positions[last] === this.position - 1
      )
        this.count -= 1;
    } else if (reading) {
      const t = this.count++;
      this.readings[t] = reading;
      this.positions[t] = this.position;
      this.sentenceStarts[t] = this.sentenceStart;
      this.merged[t] = undefined;
    }
    this.position += 1;
    this.sentenceStart = false;
  }

  // "$1.8 billion" and "$1.8bn" are the same figure: a scale right after a plain number joins it.
  private attachMagnitudes(): void {
    let kept = 0;
    for (let t = 0; t < this.count; t++) {
      const magnitude = this.readings[t].magnitude;
      if (magnitude && kept > 0) {
        const previous = kept - 1;
        const term = this.merged[previous] ?? this.readings[previous].token.term;
        if (
          this.readings[previous].token.kind === "number" &&
          /^[\d.]+$/.test(term) &&
          this.positions[previous] === this.positions[t] - 1
        ) {
          this.merged[previous] = term + magnitude;
          continue;
        }
      }
      if (kept !== t) {
        this.readings[kept] = this.readings[t];
        this.positions[kept] = this.positions[t];
        this.sentenceStarts[kept] = this.sentenceStarts[t];
        this.merged[kept] = this.merged[t];
      }
      kept++;
    }
    this.count = kept;
  }

  /** isTitleCase (lib/text/words.ts) over the line's tokens, from what each reading knows. */
  private isTitleCase(): boolean {
    let judged = 0;
    let capitalised = 0;
    for (let t = 0; t < this.count; t++) {
      if (this.sentenceStarts[t]) continue;
      const merged = this.merged[t];
      if (merged === undefined ? !this.readings[t].tellsCase : !tellsTitleCase(merged)) continue;
      judged++;
      if (this.readings[t].token.capitalised) capitalised++;
    }
    return isTitleCaseShare(judged, capitalised);
  }
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
