/**
 * The local analyzer's factualAccuracy: how many of a card's checkable claims independent outlets
 * corroborate.
 */

import type { Fact } from "./facts";

/**
 * The local analyzer's factualAccuracy is a corroboration score, and is documented as
 * exactly that: of the card's checkable claims (the distinct names and numbers its articles
 * state), the share that at least two independent outlets state. It measures agreement
 * between outlets, not truth: a claim every outlet repeats from one wrong source still counts.
 */
export interface Corroboration {
  supported: number;
  checkable: number;
  /** 0..100, rounded; 0 when there is nothing to check. */
  score: number;
  method: string;
}

/** The corroboration score of a card's facts. */
export function corroborate(facts: Fact[]): Corroboration {
  const claims = facts.filter((f) => f.kind === "name" || f.kind === "number");
  const supported = claims.filter((f) => f.outlets.size >= 2).length;
  const checkable = claims.length;
  const score = checkable ? Math.round((100 * supported) / checkable) : 0;
  const method = `Corroboration: ${supported} of ${checkable} checkable claims (names, numbers) appear in at least two independent outlets`;
  return { supported, checkable, score, method };
}
