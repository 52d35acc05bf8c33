/**
 * The local analyzer: the default provider when no AI provider is configured. Deterministic,
 * no network, a few milliseconds per card. It quotes the articles' own sentences (the facts
 * several outlets report, what each outlet leads with, the claims one outlet alone makes) and
 * compares their figures, so every name and number it writes occurs in an article it cites; it
 * does not judge truth, and its factualAccuracy is a corroboration share. Its summary stands alone:
 * the widest shared fact, then each outlet's lead (lib/analysis/local/summary.ts). It reads a bounded
 * share of each card and yields to the event loop as it goes (lib/analysis/work-budget.ts).
 */

import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { LOCAL_PROVIDER_INFO, type ProviderAnalysis } from "../provider";
import { alreadyQuoted } from "../text/writing";
import { ANALYSIS_BUDGET, WorkBudget } from "../work-budget";
import { findAngles } from "./angles";
import { articleBias, biasText } from "./bias";
import { findContradictions, negatedPredicates } from "./contradictions";
import { findCommonPoints } from "./common-points";
import { corroborate } from "./corroboration";
import { findDifferences, MAX_DIFFERENCES } from "./differences";
import { extractFacts, prepareArticle, type PreparedArticle } from "./facts";
import { findFigures } from "./figures";
import { outletWords } from "./statement-names";
import { statementsOf } from "./statements";
import { vocabularyOf } from "./vocabulary";
import { summaryOf } from "./summary";
import { articleTone, cardTone, withoutSharedWords } from "./tone";

/** Each outlet once, named as its first article names it. */
function outletList(articles: PreparedArticle[]): string[] {
  const names = new Map<string, string>();
  for (const a of articles) if (!names.has(a.outlet.key)) names.set(a.outlet.key, a.outlet.name);
  return [...names.values()];
}

/** Calls fn on each item in turn, yielding to the event loop between items when the slice is used up. */
async function eachInTurn<T, R>(items: T[], budget: WorkBudget, fn: (item: T, i: number) => R): Promise<R[]> {
  const out: R[] = [];
  for (const [i, item] of items.entries()) {
    out.push(fn(item, i));
    await budget.checkpoint();
  }
  return out;
}

/** Compares a card's articles without any model. */
export async function analyzeLocally(
  input: AnalysisArticle[],
  budget = new WorkBudget("local analyzer"),
): Promise<ProviderAnalysis> {
  const perArticle = Math.min(
    ANALYSIS_BUDGET.articleChars,
    Math.floor(ANALYSIS_BUDGET.cardChars / Math.max(1, input.length)),
  );
  const articles = await eachInTurn(input, budget, (a, i) => prepareArticle(a, i, perArticle));
  const { facts, names } = await extractFacts(articles, budget);
  const lowercase = new Set(articles.flatMap((a) => [...a.lowercaseWords]));
  const selfWords = outletWords(articles);
  const statements = (
    await eachInTurn(articles, budget, (a) => statementsOf(a, names, lowercase, selfWords))
  ).flat();
  const vocabularies = await eachInTurn(articles, budget, (a) => vocabularyOf(a));
  // Contradictions first: an outlet never reports a statement it contradicts (decision 051).
  const negated = negatedPredicates(articles);
  const contradictions = findContradictions(statements, articles, negated);
  const points = await findCommonPoints(statements, articles, vocabularies, budget, {
    negated,
    contradictions,
  });
  // Each passage is quoted once: the angles and the differences refer to what the points quote.
  const quoted = new Set(points.flatMap((p) => p.quotes));
  const angles = findAngles(statements, articles, vocabularies, quoted);
  for (const a of angles) for (const q of a.quotes) quoted.add(q);
  const figures = findFigures(statements, articles);
  const differences = findDifferences(
    statements,
    articles,
    vocabularies,
    new Set(figures.flatMap((f) => f.figures)),
    lowercase,
  ).map((d) => (alreadyQuoted(d.quoted, quoted) ? { ...d, text: `${d.lead}.` } : d));
  await budget.checkpoint();
  const tones = withoutSharedWords(
    await eachInTurn(articles, budget, (a) => articleTone(a)),
    articles,
    vocabularies.map((v) => v.terms),
  );
  const tone = cardTone(tones, articles);
  const biases = await eachInTurn(articles, budget, (a) => articleBias(a));
  const corroboration = corroborate(facts, figures, contradictions);
  const outlets = outletList(articles);

  let summary: string;
  let frontendSummary: string;
  if (outlets.length < 2) {
    summary = `${outlets[0]} is the only outlet in this card, so nothing can be compared or corroborated across outlets. Its tone is ${tone.overall}.`;
    frontendSummary = `${outlets[0]} alone: nothing to compare across outlets; tone ${tone.overall}.`;
  } else {
    summary = summaryOf({ outlets, points, angles, statements, articles, figures, contradictions });
    frontendSummary = summary;
  }

  return {
    commonPoints: points.map(({ text, citations }) => ({ text, citations })),
    // Contradictions first: they are the differences that matter most (decision 051).
    differences: [...contradictions, ...differences]
      .slice(0, Math.max(MAX_DIFFERENCES, contradictions.length))
      .map(({ text, citations }) => ({ text, citations })),
    angles: angles.map(({ text, citations }) => ({ text, citations })),
    figures: figures.map(({ text, citations }) => ({ text, citations })),
    summary,
    biasAnalysis: biasText(biases, articles, tones),
    factualAccuracy: corroboration.score,
    factualAccuracyMethod: corroboration.method,
    corroboration: { corroborated: corroboration.supported, total: corroboration.checkable },
    emotionalTone: tone.text,
    frontendSummary,
    articles: articles.map((a, i) => ({
      index: a.index,
      source: input[i].source,
      sentiment: tones[i].label,
      biasScore: biases[i].score,
    })),
    provider: LOCAL_PROVIDER_INFO,
  };
}
