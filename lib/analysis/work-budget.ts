/**
 * The work budget of one analysis (issue 14: one request of pathological text froze the server
 * for 19 s). Three layers: every scanner is linear in its input; the local analyzer reads at
 * most so much text and keeps at most so many facts of each costly kind (fixed numbers, so
 * an answer does not depend on how busy the machine is, and caching stays exact); and the
 * analysis and the grounding check run in slices, yielding to the event loop between them, so
 * the server keeps answering other requests (its liveness probe included) while one runs,
 * with a deadline as the last guard. docs/decisions/070-analysis-work-budget.md.
 */
import { AnalysisTimeoutError } from "./errors";

export const ANALYSIS_BUDGET = {
  /** Characters of article text (title, summary, content) the local analyzer reads per card … */
  cardChars: 60_000,
  /** … and per article (a card of two long articles reads 12,000 of each). */
  articleChars: 12_000,
  /** Quotations compared per article (each is searched for in every other article). */
  quotesPerArticle: 20,
  /** Longer runs of capitalised words are headline-style text, not a name. */
  nameWords: 8,
  /** Facts shared by two outlets considered for common points, most widely shared first. */
  sharedFacts: 1_000,
  /** The longest stretch of work between two yields to the event loop. */
  sliceMs: 10,
  /** A local analysis or a grounding check still running after this answers 504. */
  deadlineMs: 5_000,
} as const;

/** Cooperative time slicing with a deadline, for CPU-bound work on a request's text. */
export class WorkBudget {
  private readonly started = performance.now();
  private sliceStarted = this.started;

  constructor(
    private readonly what: string,
    private readonly deadlineMs: number = ANALYSIS_BUDGET.deadlineMs,
    private readonly sliceMs: number = ANALYSIS_BUDGET.sliceMs,
  ) {}

  /**
   * Called between bounded pieces of work: yields to the event loop once the current slice
   * has run sliceMs (setImmediate lets pending I/O, such as other requests, run first), and
   * throws AnalysisTimeoutError once the deadline has passed.
   */
  async checkpoint(): Promise<void> {
    const now = performance.now();
    if (now - this.started > this.deadlineMs) {
      throw new AnalysisTimeoutError(
        `The ${this.what} did not finish within ${Math.round(this.deadlineMs / 1000)} s.`,
      );
    }
    if (now - this.sliceStarted < this.sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStarted = performance.now();
  }
}

/** The text cut to at most `max` characters, at a space when one is near the end (never adding a character). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never half a surrogate pair.
  const end = /[\ud800-\udbff]/.test(text[max - 1] ?? "") ? max - 1 : max;
  const cut = text.slice(0, end);
  const space = cut.lastIndexOf(" ");
  return space >= end - 200 && space > 0 ? cut.slice(0, space) : cut;
}
