/**
 * A tokenized text with its terms interned (dense key ids that double as feature ids) and each
 * token's flags, in parallel arrays: what the feature pass reads instead of token objects.
 */
import type { TokenizedText } from "@/lib/cluster/evidence/tokenize";

/** A tokenized text with its terms interned: parallel arrays, no object kept per token. */
export interface InternedText {
  titleCase: boolean;
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

/** The text's tokens as key ids and flags, interning new keys in `table`. */
export function internText(text: TokenizedText, table: KeyTable): InternedText {
  const { tokens } = text;
  const keys = new Int32Array(tokens.length);
  const flags = new Uint8Array(tokens.length);
  const positions = new Int32Array(tokens.length);
  const words: string[] = new Array(tokens.length);
  tokens.forEach((token, k) => {
    const number = token.kind === "number";
    keys[k] = table.intern(number ? "#" + token.term : token.term);
    flags[k] =
      (number ? NUMBER : 0) |
      (token.capitalised ? CAPITALISED : 0) |
      (token.strongName ? STRONG_NAME : 0) |
      (token.sentenceStart ? SENTENCE_START : 0);
    positions[k] = token.position;
    words[k] = token.word;
  });
  return { titleCase: text.titleCase, keys, flags, positions, words };
}
