/**
 * How the analysis writes its own texts: counts in words (no digit the articles do not contain),
 * lists ("a, b and c"), quotes cut at a clause's end, and each passage quoted once.
 */
import { COUNT_WORDS } from "@/lib/text/words";

const SPACE = /\s+/g;

const WORD_NUMBERS = ["zero", ...COUNT_WORDS.keys()];

/** A count in words, so that analysis texts carry no digits the articles do not contain. */
export function countInWords(n: number): string {
  return WORD_NUMBERS[n] ?? "many";
}

/** "a", "a and b", "a, b and c". */
export function listInWords(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A passage shorter than this is no quotation of another: containment is only judged above it. */
const MIN_QUOTED_CHARS = 15;

/**
 * Whether a passage is quoted already, whole or in part: it is one of the quoted passages, holds
 * one ("…as Storm Elena flooded the city." within its sentence), or is held in one (a sentence's
 * clause). Passages are compared without their "…" marks. Each passage is quoted once (decision 037).
 */
export function alreadyQuoted(text: string, quoted: ReadonlySet<string>): boolean {
  if (quoted.has(text)) return true;
  const bare = (t: string) => t.replace(/…/g, "").trim();
  const mine = bare(text);
  for (const q of quoted) {
    const other = bare(q);
    if (Math.min(other.length, mine.length) < MIN_QUOTED_CHARS) continue;
    if (mine.includes(other) || other.includes(mine)) return true;
  }
  return false;
}

/** Where a clause may end: before punctuation that parts clauses, or before a word that opens one. */
const CLAUSE_BREAK =
  /[,;:]\s|\s[—–-]\s|\s(?=(?:and|but|as|after|while|which|who|whom|whose|when|where|including|because|although|though|before|amid|despite|since|until|with)\s)/g;
/** A clause break counts only this far into the cut (else the cut is at a word boundary). */
const MIN_CLAUSE_SHARE = 0.4;

/**
 * Cuts a passage to at most `max` characters, marking the cut: at the end of its last whole
 * clause (before ", ", "; ", " — ", " and ", " including " …) when one ends in the last three
 * fifths, else at a word boundary; so a quote never ends on "…including" (issue 25).
 */
export function clip(text: string, max: number): string {
  const clean = text.replace(SPACE, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  let end = -1;
  for (const m of cut.matchAll(CLAUSE_BREAK)) if (m.index <= max) end = m.index;
  if (end < MIN_CLAUSE_SHARE * max) end = Math.max(cut.slice(0, max).lastIndexOf(" "), 1);
  return `${clean.slice(0, end).replace(/[,;:\s—–-]+$/, "")}…`;
}
