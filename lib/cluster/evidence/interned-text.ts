/**
 * A tokenized text with its terms interned (dense key ids that double as feature ids) and each
 * token's flags, in parallel arrays: what the feature pass reads instead of token objects.
 */
import {
  PlainWordReadings,
  TokenLine,
  type TermToken,
  type TokenizedText,
} from "@/lib/cluster/evidence/tokenize";

/**
 * A tokenized text with its terms interned: parallel arrays, no object kept per token. The text's
 * tokens are entries [start, end) of the arrays, which the texts of a batch share (TextInterner).
 */
export interface InternedText {
  titleCase: boolean;
  start: number;
  end: number;
  /** Per token, its key id: the term for a word, "#" + the term for a number. */
  keys: Int32Array;
  flags: Uint8Array;
  positions: Int32Array;
  /** Per token, the word as written (lowercased): phrases join these. */
  words: string[];
}

/** Token flags (bits of InternedText.flags). */
export const NUMBER = 1;
export const CAPITALISED = 2;
export const STRONG_NAME = 4;
export const SENTENCE_START = 8;

/** String keys → dense ids; the ids double as feature ids. */
export class KeyTable {
  readonly ids = new Map<string, number>();

  intern(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    return id;
  }

  get size(): number {
    return this.ids.size;
  }
}

/** The key of a term: the term for a word, "#" + the term for a number. */
function keyOf(kind: TermToken["kind"], term: string): string {
  return kind === "number" ? "#" + term : term;
}

/** A token's flags (NUMBER, CAPITALISED, STRONG_NAME, SENTENCE_START). */
function flagsOf(token: Omit<TermToken, "position" | "sentenceStart">, sentenceStart: boolean): number {
  return (
    (token.kind === "number" ? NUMBER : 0) |
    (token.capitalised ? CAPITALISED : 0) |
    (token.strongName ? STRONG_NAME : 0) |
    (sentenceStart ? SENTENCE_START : 0)
  );
}

/**
 * The text's tokens as key ids and flags, interning new keys in `table`: the plain reference that
 * TextInterner equals (tests/unit/cluster/tokenize.test.ts).
 */
export function internText(text: TokenizedText, table: KeyTable): InternedText {
  const { tokens } = text;
  const keys = new Int32Array(tokens.length);
  const flags = new Uint8Array(tokens.length);
  const positions = new Int32Array(tokens.length);
  const words: string[] = new Array(tokens.length);
  tokens.forEach((token, k) => {
    keys[k] = table.intern(keyOf(token.kind, token.term));
    flags[k] = flagsOf(token, token.sentenceStart);
    positions[k] = token.position;
    words[k] = token.word;
  });
  return { titleCase: text.titleCase, start: 0, end: tokens.length, keys, flags, positions, words };
}

/**
 * Tokenizes a batch's texts straight into interned arrays, what internText(tokenizeText(text)) gives
 * without a token object per word: the texts share one line and the plain words' readings, and a
 * reading keeps its key id once interned, so a word seen before costs no lookup by string. The
 * texts' tokens go into shared arrays (a text keeps the arrays it was written to when they grow).
 */
export class TextInterner {
  private readonly line = new TokenLine();
  private readonly readings = new PlainWordReadings();
  private keys = new Int32Array(1024);
  private flags = new Uint8Array(1024);
  private positions = new Int32Array(1024);
  private readonly words: string[] = [];
  private length = 0;

  constructor(private readonly table: KeyTable) {}

  intern(text: string): InternedText {
    const { line, table } = this;
    line.read(text, this.readings);
    const start = this.length;
    const end = start + line.count;
    if (end > this.keys.length) this.grow(end);
    const { keys, flags, positions, words } = this;
    for (let t = 0, k = start; k < end; t++, k++) {
      const reading = line.readings[t];
      const { token } = reading;
      const merged = line.merged[t];
      // Keys are interned in token order, as internText does, so the ids come out the same.
      if (merged !== undefined) keys[k] = table.intern(keyOf(token.kind, merged));
      else
        keys[k] =
          reading.key >= 0 ? reading.key : (reading.key = table.intern(keyOf(token.kind, token.term)));
      flags[k] = flagsOf(token, line.sentenceStarts[t]);
      positions[k] = line.positions[t];
      words.push(merged ?? token.word);
    }
    this.length = end;
    return { titleCase: line.titleCase, start, end, keys, flags, positions, words };
  }

  private grow(minimum: number): void {
    const size = Math.max(minimum, 2 * this.keys.length);
    const keys = new Int32Array(size);
    const flags = new Uint8Array(size);
    const positions = new Int32Array(size);
    keys.set(this.keys);
    flags.set(this.flags);
    positions.set(this.positions);
    this.keys = keys;
    this.flags = flags;
    this.positions = positions;
  }
}
