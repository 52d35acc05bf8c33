/**
 * The local analyzer's factualAccuracy is a corroboration share, and is labelled as exactly
 * that: of the details the card's outlets can be compared on (the distinct names and figures
 * that two or more independent outlets state, and the figures for one thing on which outlets
 * differ), the share reported alike. A detail only one outlet gives has nothing to be compared
 * with: it is counted apart and said, not scored, so outlets that agree are not scored low
 * because each added a detail. It measures agreement between outlets, not truth: a claim every
 * outlet repeats from one wrong source still counts. docs/decisions/031-local-bias-and-tone.md.
 */
import type { Fact } from "./facts";

export interface Corroboration {
  /** Details two or more independent outlets report alike. */
  supported: number;
  /** Details compared: those, plus figures on which outlets differ. */
  checkable: number;
  /** Details one outlet alone gives (not compared). */
  single: number;
  /** 0..100, rounded; 0 when nothing could be compared. */
  score: number;
  method: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The corroboration share of a card's facts, given how many figures differ between outlets. */
export function corroborate(facts: Fact[], differingFigures: number): Corroboration {
  const claims = facts.filter((f) => f.kind === "name" || f.kind === "number");
  const supported = claims.filter((f) => f.outlets.size >= 2).length;
  const single = claims.length - supported;
  const checkable = supported + differingFigures;
  const score = checkable ? Math.round((100 * supported) / checkable) : 0;
  const method =
    `Corroboration: ${supported} of ${checkable} compared details (names, figures) are reported alike by two or more independent outlets` +
    (differingFigures ? `; on ${plural(differingFigures, "figure", "figures")} they differ` : "") +
    `; ${plural(single, "detail appears", "details appear")} in one outlet only and ${single === 1 ? "is" : "are"} not counted`;
  return { supported, checkable, single, score, method };
}
