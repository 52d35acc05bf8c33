/**
 * The numbers a sentence writes that may be counts, in the order it writes them: digits
 * (findNumbers), counts in words ("three videos", "a dozen officers") and vague magnitudes
 * ("thousands of", "tens of thousands"), each a mention with its position. What each counts, and
 * whether it is a figure at all, is statement-figures.ts's business.
 */
import { findNumbers, type NumberMention } from "../text/numbers";
import { scalePlurals, scaleWords, VAGUE_MAGNITUDES } from "@/lib/text/magnitudes";
import { COUNT_WORDS } from "@/lib/text/words";
import type { PreparedSentence } from "./facts";

/** A number as the figure reader meets it; a vague magnitude has its least and says whether "of" follows ("thousands of"). */
export type CountMention = NumberMention & { least?: number; of?: boolean };

/** The sentence's numbers in digits, in words and as vague magnitudes, in the order written. */
export function countMentions(sentence: PreparedSentence): CountMention[] {
  const spelled = spelledCounts(sentence);
  const vague = vagueCounts(sentence.text);
  return spelled.length || vague.length
    ? [...findNumbers(sentence.text), ...spelled, ...vague].sort((a, b) => a.start - b.start)
    : findNumbers(sentence.text);
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
