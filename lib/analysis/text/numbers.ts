/**
 * Numbers as the analysis reads them: written with digits (not inside words such as "Covid-19",
 * not dates such as 5/31) or as words ("three", "a dozen": lib/text/words.ts COUNT_WORDS and
 * lib/text/magnitudes.ts), each with its canonical value, so "100,000" and "100000" are one.
 */
import { PROSE_SCALE_ABBREVIATIONS, SCALE_WORDS, scaleWords } from "@/lib/text/magnitudes";
import { COUNT_WORDS } from "@/lib/text/words";
import { tokenize, type Token } from "./tokens";

// Digits, with thousands separators and decimals, optionally followed by a unit ("2.5bn", "31st");
// not inside words ("Covid-19"), dates ("5/31") or compounds ("23-year-old").
const NUMBER = new RegExp(
  `(?<![\\p{L}\\p{N}.,\\-/])(\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.(\\d+))?(?=(?:${PROSE_SCALE_ABBREVIATIONS.join("|")}|pm|am|km|kg|mph|s|th|st|nd|rd)?(?![\\p{L}\\p{N}])(?![.,/]\\d)(?!-\\p{L}))`,
  "gu",
);

/**
 * Spelled-out numbers an article may use where another uses digits: counts, and scale words up
 * to a million ("a dozen", "a million"); "billion" and "trillion" are read with their digits only
 * (decision 150).
 */
const SPELLED = new Map([
  ...COUNT_WORDS,
  ...scaleWords(12, 1_000_000).map((w) => [w, String(SCALE_WORDS.get(w))] as const),
]);

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
