import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { LOCAL_PROVIDER_INFO, type AnalysisProvider, type AnalysisType, type ProviderAnalysis } from "../provider";
import { countInWords, listInWords } from "../text";
import { ANALYSIS_BUDGET, WorkBudget } from "../work-budget";
import { articleBias, biasText } from "./bias";
import { factLabel, findCommonPoints, type CommonPoint } from "./common-points";
import { corroborate, type Corroboration } from "./corroboration";
import { findDifferences } from "./differences";
import { extractFacts, prepareArticle, type PreparedArticle } from "./facts";
import { articleTone, cardTone } from "./tone";

/**
 * The local analyzer: the default provider when no AI provider is configured. Deterministic,
 * no network, a few milliseconds per card. It compares the articles' own words (facts
 * shared and facts one outlet alone has), so every name and number it writes occurs in an
 * article it cites; it does not judge truth, and its factualAccuracy is a corroboration score.
 * It reads a bounded share of each card and yields to the event loop as it goes
 * (lib/analysis/work-budget.ts).
 */

const MAX_LISTED_OUTLETS = 6;

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

function corroborationInWords(c: Corroboration): string {
  if (!c.checkable || !c.supported) return "none";
  const share = c.supported / c.checkable;
  return share >= 0.6 ? "most" : share >= 0.3 ? "some" : "few";
}

function sharedFacts(points: CommonPoint[], articles: PreparedArticle[], max: number): string[] {
  return points.slice(0, max).map((p) => factLabel(p.facts[0], articles));
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
export async function analyzeLocally(input: AnalysisArticle[], budget = new WorkBudget("local analyzer")): Promise<ProviderAnalysis> {
  const perArticle = Math.min(ANALYSIS_BUDGET.articleChars, Math.floor(ANALYSIS_BUDGET.cardChars / Math.max(1, input.length)));
  const articles = await eachInTurn(input, budget, (a, i) => prepareArticle(a, i, perArticle));
  const facts = await extractFacts(articles, budget);
  const points = findCommonPoints(facts, articles);
  await budget.checkpoint();
  const differences = findDifferences(facts, articles);
  const tones = await eachInTurn(articles, budget, (a) => articleTone(a));
  const tone = cardTone(tones, articles);
  const biases = await eachInTurn(articles, budget, (a) => articleBias(a));
  const corroboration = corroborate(facts);
  const outlets = outletList(articles);
  const corroborated = corroborationInWords(corroboration);

  let summary: string;
  let frontendSummary: string;
  if (outlets.length < 2) {
    summary = `${outlets[0]} is the only outlet in this card, so nothing can be compared or corroborated across outlets. Its tone is ${tone.overall}.`;
    frontendSummary = `${outlets[0]} alone: nothing to compare across outlets; tone ${tone.overall}.`;
  } else {
    const shared = sharedFacts(points, articles, 3);
    const loners = outlets.filter((name) => differences.some((d) => d.text.startsWith(`Only ${name} `)));
    summary = [
      `${outletsInWords(outlets)} cover this story.`,
      shared.length
        ? `The facts they share include ${listInWords(shared)}.`
        : "They share no names, figures or quotations, so they may not describe the same event.",
      differences.some((d) => d.text.startsWith("The reports give different figures")) ? "Their figures differ in places." : "",
      loners.length ? `Details found in only one outlet come from ${outletsInWords(loners)}.` : "",
      `Their tone is ${tone.overall}, and a second outlet corroborates ${corroborated} of the names and figures.`,
    ].filter(Boolean).join(" ");
    frontendSummary = shared.length
      ? `${outletsInWords(outlets)} share ${listInWords(sharedFacts(points, articles, 2))}; tone ${tone.overall}; a second outlet corroborates ${corroborated} of the names and figures.`
      : `${outletsInWords(outlets)} share no names or figures; tone ${tone.overall}.`;
  }

  return {
    commonPoints: points.map(({ text, citations }) => ({ text, citations })),
    differences,
    summary,
    biasAnalysis: biasText(biases, articles),
    factualAccuracy: corroboration.score,
    factualAccuracyMethod: corroboration.method,
    corroboration: { corroborated: corroboration.supported, total: corroboration.checkable },
    emotionalTone: tone.text,
    frontendSummary,
    articles: articles.map((a, i) => ({ index: a.index, source: input[i].source, sentiment: tones[i].label, biasScore: biases[i].score })),
    provider: LOCAL_PROVIDER_INFO,
  };
}

/** The local analyzer as a provider. */
export class LocalAnalyzer implements AnalysisProvider {
  info() {
    return LOCAL_PROVIDER_INFO;
  }

  /** Every analysis type gets the full comparison (see AnalysisProvider.analyze). */
  async analyze(articles: AnalysisArticle[], type: AnalysisType): Promise<ProviderAnalysis> {
    void type;
    return analyzeLocally(articles);
  }
}
