/**
 * The sentence splitter of the analysis: running text into sentences, keeping "U.S. officials" and
 * "Mr. Smith" whole (the abbreviations of lib/text/terms.ts) and parting two sentences a feed glued
 * without a full stop.
 */
import { ABBREVIATIONS } from "@/lib/text/terms";

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
