/**
 * The product's own corroboration of a card, for a model's answer: the built-in analyzer's method
 * (lib/analysis/local/corroboration.ts) over the same reading of the articles (their names and
 * figures, figures of one thing set side by side, claims one outlet denies), so that
 * factualAccuracy means the same thing whichever provider answered. A model's flagged conflicts
 * are added by the caller (lib/analysis/model-answer.ts); the model never gives the figure. The
 * reading depends on the articles alone, so the service starts it in the worker pool while the
 * model writes (lib/services/analyze-articles.ts).
 */

import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { findContradictions, negatedPredicates, type Contradiction } from "./local/contradictions";
import { corroborate, type Corroboration } from "./local/corroboration";
import { extractFacts, prepareArticle, type Fact } from "./local/facts";
import { findFigures, type FigureLine } from "./local/figures";
import { outletWords } from "./local/statement-names";
import { statementsOf } from "./local/statements";
import { ANALYSIS_BUDGET, type WorkBudget } from "./work-budget";

/**
 * What the corroboration needs of the built-in analyzer's reading, and no more (it crosses from
 * the worker pool): each name and figure with the outlets that give it, the figure lines (their
 * values, for telling a model's conflict already counted), the contradictions.
 */
export interface CardReading {
  facts: Pick<Fact, "kind" | "outlets">[];
  figures: (Pick<FigureLine, "conflict" | "differ" | "sameThing" | "unit" | "citations"> & {
    values: string[];
  })[];
  contradictions: Pick<Contradiction, "predicate" | "term" | "citations">[];
}

/** Reads a card as the built-in analyzer does, as far as its corroboration needs. */
export async function readCard(input: AnalysisArticle[], budget: WorkBudget): Promise<CardReading> {
  const perArticle = Math.min(
    ANALYSIS_BUDGET.articleChars,
    Math.floor(ANALYSIS_BUDGET.cardChars / Math.max(1, input.length)),
  );
  const articles = [];
  for (const [i, a] of input.entries()) {
    articles.push(prepareArticle(a, i, perArticle));
    await budget.checkpoint();
  }
  const { facts, names } = await extractFacts(articles, budget);
  const lowercase = new Set(articles.flatMap((a) => [...a.lowercaseWords]));
  const selfWords = outletWords(articles);
  const statements = [];
  for (const a of articles) {
    statements.push(...statementsOf(a, names, lowercase, selfWords));
    await budget.checkpoint();
  }
  const contradictions = findContradictions(statements, articles, negatedPredicates(articles));
  const figures = findFigures(statements, articles);
  await budget.checkpoint();
  return {
    facts: facts
      .filter((f) => f.kind === "name" || f.kind === "number")
      .map(({ kind, outlets }) => ({ kind, outlets })),
    figures: figures.map(({ conflict, differ, sameThing, unit, citations, figures: values }) => ({
      conflict,
      differ,
      sameThing,
      unit,
      citations,
      values: values.map((v) => v.value),
    })),
    contradictions: contradictions.map(({ predicate, term, citations }) => ({ predicate, term, citations })),
  };
}

/** The card's corroboration, counting `flagged` further conflicts the articles bear out. */
export function cardCorroboration(reading: CardReading, flagged = 0): Corroboration {
  return corroborate(reading.facts, reading.figures, reading.contradictions, flagged);
}
