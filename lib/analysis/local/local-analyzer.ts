/**
 * The local analyzer: the default provider when no AI provider is configured. Deterministic,
 * no network, a few milliseconds per card. It quotes the articles' own sentences (the facts
 * several outlets report, what each outlet leads with, the claims one outlet alone makes) and
 * compares their figures, so every name and number it writes occurs in an article it cites; it
 * does not judge truth, and its factualAccuracy is a corroboration share. It reads a bounded
 * share of each card and yields to the event loop as it goes (lib/analysis/work-budget.ts).
 */

import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { LOCAL_PROVIDER_INFO, type ProviderAnalysis } from "../provider";
import { countInWords, listInWords } from "../text";
import { ANALYSIS_BUDGET, WorkBudget } from "../work-budget";
import { findAngles } from "./angles";
import { articleBias, biasText } from "./bias";
import { findContradictions, negatedPredicates, type Contradiction } from "./contradictions";
import { findCommonPoints, outletCount, sharesQuestion, type SharedFact } from "./common-points";
import { corroborate } from "./corroboration";
import { findDifferences, makesClaim, MAX_DIFFERENCES, type OnlyClaim } from "./differences";
import { extractFacts, prepareArticle, type PreparedArticle } from "./facts";
import { findFigures, type FigureLine } from "./figures";
import { outletWords, statementsOf, vocabularyOf } from "./statements";
import { articleTone, cardTone, withoutSharedWords } from "./tone";

const MAX_LISTED_OUTLETS = 6;
/** Names every outlet writes, listed when the card has no shared fact. */
const SUMMARY_NAMES = 2;
/** Outlets whose own names and figures the summary lists when no figures differ. */
const SUMMARY_ADDITIONS = 3;

/** Each outlet once, named as its first article names it. */
function outletList(articles: PreparedArticle[]): string[] {
  const names = new Map<string, string>();
  for (const a of articles) if (!names.has(a.outlet.key)) names.set(a.outlet.key, a.outlet.name);
  return [...names.values()];
}

function outletsInWords(names: string[]): string {
  if (names.length <= MAX_LISTED_OUTLETS) return listInWords(names);
  const rest = names.length - (MAX_LISTED_OUTLETS - 1);
  return `${names.slice(0, MAX_LISTED_OUTLETS - 1).join(", ")} and ${countInWords(rest)} other outlets`;
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

/**
 * Two or three plain sentences a reader who reads nothing else learns from: what happened (the
 * best-supported shared fact, in an outlet's words, saying when the outlets give other details)
 * and how coverage differs (figures that conflict, a contradiction between claims, other figures
 * that differ, else the names and figures only some outlets give). It quotes nothing the points do not, names no outlet's headline (the angles
 * do) and makes no "only" claim on a single word (decision 037).
 */
function summaryOf(
  outlets: string[],
  shared: SharedFact | undefined,
  figures: FigureLine[],
  contradictions: Contradiction[],
  differences: OnlyClaim[],
  articles: PreparedArticle[],
  questionShared = false,
  sharedNames: string[] = [],
): string {
  const sentences: string[] = [];
  if (shared) {
    const count = outletCount(shared.outlets, outlets.length);
    const quoted = articles[shared.statement.article].outlet.name;
    sentences.push(
      shared.whole
        ? `In the words of ${quoted}, reported by ${count[0].toLowerCase()}${count.slice(1)}: “${shared.statement.text}”`
        : `${count} report it, each with its own details; in the words of ${quoted}: “${shared.statement.text}”`,
    );
  } else if (!contradictions.length) {
    // (Outlets that contradict each other describe one event: the contradiction says so below.)
    // Outlets asking the same question write about one subject; they still state no fact alike.
    sentences.push(
      questionShared
        ? `${outletsInWords(outlets)} raise the same question but share no statement of fact in comparable words.`
        : sharedNames.length
          ? `${outletsInWords(outlets)} ${outlets.length === 2 ? "both" : "all"} write about ${listInWords(sharedNames)} but share no statement of fact in comparable words.`
          : `${outletsInWords(outlets)} share no statement of fact in comparable words, so they may not describe the same event.`,
    );
  }
  // How coverage differs: figures that conflict, claims that do, other figures, else what some
  // outlets add (names and figures, an outlet each).
  const differ = figures.find((f) => f.conflict) ?? contradictions[0] ?? figures.find((f) => f.differ);
  if (differ) sentences.push("brief" in differ ? differ.brief : differ.text);
  else {
    const adds: string[] = [];
    const named = new Set<number>();
    for (const d of [...differences].sort((a, b) => b.score - a.score)) {
      const outlet = d.citations[0];
      // No single word alone (the differences' rule, makesClaim).
      if (named.has(outlet) || !makesClaim(d.plain) || adds.length >= SUMMARY_ADDITIONS) continue;
      named.add(outlet);
      adds.push(`${articles[outlet].outlet.name} gives ${listInWords(d.plain.map((p) => p.text))}`);
    }
    if (adds.length) sentences.push(`They differ in what they add: ${adds.join("; ")}.`);
    else if (shared) sentences.push("No outlet adds a name or figure the others lack.");
  }
  // A sentence ending in a quoted passage still needs its full stop.
  return sentences.map((s) => (/[.!?…]”?$/.test(s) ? s : `${s}.`)).join(" ");
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
  ).map((d) => (quoted.has(d.quoted) ? { ...d, text: `${d.lead}.` } : d));
  await budget.checkpoint();
  const tones = withoutSharedWords(await eachInTurn(articles, budget, (a) => articleTone(a)), articles);
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
    const questionShared =
      !points.length &&
      (await sharesQuestion(statements, articles, vocabularies, budget, { negated, contradictions }));
    // Names every outlet writes: the outlets tell of one subject even when no statement is shared.
    const sharedNames = points.length
      ? []
      : facts
          .filter((f) => f.kind === "name" && f.outlets.size === outlets.length)
          .slice(0, SUMMARY_NAMES)
          .map((f) => f.display);
    summary = summaryOf(
      outlets,
      points[0],
      figures,
      contradictions,
      differences,
      articles,
      questionShared,
      sharedNames,
    );
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
