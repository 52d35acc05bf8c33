/**
 * The local analyzer's factualAccuracy is a corroboration share, and is labelled as exactly
 * that: of the details the card's outlets can be compared on (the distinct names and figures
 * that two or more independent outlets state, and the figures for one thing on which outlets
 * differ), the share reported alike. A detail only one outlet gives has nothing to be compared
 * with: it is counted apart and said, not scored, so outlets that agree are not scored low
 * because each added a detail. It measures agreement between outlets, not truth: a claim every
 * outlet repeats from one wrong source still counts. Figures that conflict (ranges that cannot
 * both hold, lib/analysis/local/figures.ts) count against it; the method line names what was
 * compared. A claim one outlet states and another denies or negates (lib/analysis/local/contradictions.ts)
 * counts against it as a conflicting figure does, and the method line names its predicate.
 * docs/decisions/031-local-bias-and-tone.md, 036-figures-compared.md, 051-contradictions-between-claims.md.
 */
import type { Contradiction } from "./contradictions";
import type { Fact } from "./facts";
import type { FigureLine } from "./figures";

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

/**
 * The corroboration share of a card's facts, given the figures set side by side, the claims that
 * contradict and, for a model's answer, how many further conflicts between outlets the model
 * flagged that the articles bear out (lib/analysis/model-answer.ts).
 */
export function corroborate(
  facts: Pick<Fact, "kind" | "outlets">[],
  figures: Pick<FigureLine, "conflict" | "differ" | "sameThing" | "unit">[],
  contradictions: Pick<Contradiction, "predicate">[] = [],
  flagged = 0,
): Corroboration {
  const claims = facts.filter((f) => f.kind === "name" || f.kind === "number");
  const supported = claims.filter((f) => f.outlets.size >= 2).length;
  const single = claims.length - supported;
  const conflicting = figures.filter((f) => f.conflict);
  const checkable = supported + conflicting.length + contradictions.length + flagged;
  const score = checkable ? Math.round((100 * supported) / checkable) : 0;
  // Figures of different things are shown side by side, not compared.
  const compared = figures
    .filter((f) => f.sameThing)
    .map((f) => `${f.unit} (${f.conflict ? "conflict" : f.differ ? "differ, can both hold" : "agree"})`);
  const method =
    `Corroboration: ${supported} of ${checkable} compared details (names, figures) are reported alike by two or more independent outlets` +
    (conflicting.length
      ? `; ${plural(conflicting.length, "figure conflicts", "figures conflict")} between outlets and counts against it`
      : "") +
    (compared.length ? `; figures compared for: ${compared.join(", ")}` : "") +
    (contradictions.length
      ? `; ${plural(contradictions.length, "claim contradicts", "claims contradict")} another outlet's denial or negation of it and ${contradictions.length === 1 ? "counts" : "count"} against it (claims compared for: ${contradictions.map((c) => `${c.predicate} (contradiction)`).join(", ")})`
      : "") +
    (flagged
      ? `; ${plural(flagged, "further conflict", "further conflicts")} between outlets that the model flagged and the articles bear out ${flagged === 1 ? "counts" : "count"} against it`
      : "") +
    `; ${plural(single, "detail appears", "details appear")} in one outlet only and ${single === 1 ? "is" : "are"} not counted`;
  return { supported, checkable, single, score, method };
}
