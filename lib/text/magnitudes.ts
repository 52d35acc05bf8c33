/**
 * The size words of numbers, written once for clustering and analysis: the scale words ("dozen" …
 * "trillion") with their values, their plurals, the abbreviations written after digits ("$2.5bn",
 * "10k", "5 mln"), "percent", and the vague magnitudes ("thousands", "tens of thousands") with the
 * least each allows. Each reader takes the part it reads by value (`scaleWords(least, most)`), so
 * a word is spelled in one place and each selection says what it covers. Counts from one to
 * twenty are `COUNT_WORDS` (lib/text/words.ts). docs/decisions/150-one-list-per-word-kind.md.
 */

interface Scale {
  word: string;
  value: number;
  /** The symbol clustering writes the scale as after a number ("5m", "2b"). */
  symbol?: string;
  /** Abbreviations newsrooms write in prose after digits ("$5m", "£2bn", "10k"), longest first. */
  prose: readonly string[];
  /** Abbreviations of wire copy and tickers ("5 mln", "2bln", "3t"): in prose these are as often other units ("3t" of tonnes). */
  wire: readonly string[];
}

/** Smallest first. */
const SCALES: readonly Scale[] = [
  { word: "dozen", value: 12, prose: [], wire: [] },
  { word: "hundred", value: 100, prose: [], wire: [] },
  { word: "thousand", value: 1_000, symbol: "k", prose: ["k"], wire: [] },
  { word: "million", value: 1_000_000, symbol: "m", prose: ["mn", "m"], wire: ["mil", "mln"] },
  { word: "billion", value: 1_000_000_000, symbol: "b", prose: ["bn"], wire: ["b", "bln"] },
  { word: "trillion", value: 1_000_000_000_000, symbol: "t", prose: [], wire: ["t", "tn"] },
];

/** Scale word → its value ("hundred" → 100). */
export const SCALE_WORDS: ReadonlyMap<string, number> = new Map(SCALES.map((s) => [s.word, s.value]));

/** The scale words whose value lies from `least` to `most`, smallest first: `scaleWords(1_000, 1_000_000)` is thousand and million. */
export function scaleWords(least: number, most: number): string[] {
  return SCALES.filter((s) => s.value >= least && s.value <= most).map((s) => s.word);
}

/** The plurals of scale words ("thousands"). */
export function scalePlurals(words: readonly string[]): string[] {
  return words.map((w) => `${w}s`);
}

/** The size word that is no scale: "20 percent". */
export const PERCENT = "percent";

/**
 * The abbreviations of scales the analysis reads after digits, as newsrooms write them in prose:
 * largest scale first, longest first ("bn", "mn", "m", "k"), the order a regex tries them in.
 */
export const PROSE_SCALE_ABBREVIATIONS: readonly string[] = [...SCALES].reverse().flatMap((s) => s.prose);

/**
 * Scale word or abbreviation (prose and wire) → the symbol of its scale ("million", "mn", "mln" →
 * "m"): how clustering writes a number's magnitude, so "$5 million" and "$5m" are one term.
 */
export const SCALE_SYMBOLS: ReadonlyMap<string, string> = new Map(
  SCALES.flatMap((s) =>
    s.symbol === undefined
      ? []
      : [s.word, ...s.prose, ...s.wire].map((written) => [written, s.symbol!] as [string, string]),
  ),
);

/** The multipliers of a compound vague magnitude: "tens of thousands", "hundreds of millions". */
const VAGUE_MULTIPLIERS: readonly [string, number][] = [
  ["tens", 10],
  ["hundreds", 100],
];

/**
 * Vague magnitudes and the least each allows: the plural of a scale from a dozen to a billion
 * ("dozens" is at least 12, "thousands" at least 1,000), and "tens" or "hundreds" of thousands or
 * of millions (ten or a hundred times the scale). Read loosely so that no reading makes a false
 * conflict (docs/decisions/036-figures-compared.md).
 */
export const VAGUE_MAGNITUDES: ReadonlyMap<string, number> = new Map([
  ...scaleWords(12, 1_000_000_000).map((w) => [`${w}s`, SCALE_WORDS.get(w)!] as [string, number]),
  ...scaleWords(1_000, 1_000_000).flatMap((w) =>
    VAGUE_MULTIPLIERS.map(([m, times]) => [`${m} of ${w}s`, times * SCALE_WORDS.get(w)!] as [string, number]),
  ),
]);
