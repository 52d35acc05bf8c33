/**
 * The grounding checker every answer goes through, whichever provider wrote it. A point
 * keeps only citations that exist and whose article contains something the point says; it
 * is dropped when a name, number or quotation in it is absent from every article it cites,
 * when most of its key words are, or (for a common point) when fewer than two distinct
 * outlets remain. In the free texts (summary, bias, tone), a sentence naming a person,
 * place or figure that no article contains is dropped. An article's text here is its
 * source name, title, summary and content. It yields to the event loop between articles and
 * points, so a long card does not hold up other requests (lib/analysis/work-budget.ts).
 */

import type { AnalysisArticle, CitedPoint } from "@/lib/schemas/analysis";
import type { ProviderAnalysis } from "./provider";
import {
  addTokenTerms,
  capitalisedRuns,
  contentTerms,
  findNumbers,
  findQuotes,
  matchForm,
  namesInRun,
  numberValues,
  REPORTS_SHARE,
  REPORTS_TERMS,
  splitSentences,
  spelledNumber,
  stem,
  STOP_WORDS,
  termsHeld,
  tokenize,
  type Token,
} from "./text";
import { outletOf } from "./local/outlets";
import { WorkBudget } from "./work-budget";

/** Of a point's key words, at least this share must occur in the cited articles. */
const KEY_WORD_SHARE = 0.5;

export interface ArticleEvidence {
  match: string;
  /** The article's word keys, space-separated and padded ("U.S." and "US" both read " us "). */
  words: string;
  numbers: Set<string>;
  stems: Set<string>;
  /** Terms as the analyzer compares them (stemmed, demonyms folded). */
  terms: Set<string>;
  outlet: string;
}

interface Claims {
  names: string[];
  numbers: string[];
  quotes: string[];
  /** The content terms of each quotation, for articles that report it in their own words. */
  quoteTerms: string[][];
  keyWords: string[];
}

export interface GroundingReport {
  droppedCitations: number;
  droppedPoints: number;
  droppedSentences: number;
  /** One line per repair, for the log. */
  notes: string[];
}

function evidenceOf(article: AnalysisArticle): ArticleEvidence {
  const text = `${article.source}\n${article.title}\n${article.summary}\n${article.content}`;
  const tokens = tokenize(text);
  // Stems and terms once per distinct word: texts repeat their words, hostile ones thousands of times.
  const stems = new Set<string>();
  const terms = new Set<string>();
  const seen = new Set<string>();
  for (const t of tokens) {
    const id = t.acronym ? `A${t.text}` : t.text;
    if (seen.has(id)) continue;
    seen.add(id);
    stems.add(stem(t.key));
    addTokenTerms([t], terms);
  }
  return {
    match: matchForm(text),
    words: ` ${tokens.map((t) => t.key).join(" ")} `,
    numbers: numberValues(text, tokens),
    stems,
    terms,
    outlet: outletOf(article.source).key,
  };
}

/** Word endings of adjectives, participles and adverbs: "Concerned", "Largely" opening a sentence. */
const ORDINARY_ENDING = /(?:ed|ing|ly|ness|ful|ous|ive|al|ment|ion)$/;

/** Names as runs of capitalised words, split at titles ("Mayor", "President"). */
function namesIn(text: string, tokens: Token[]): string[] {
  const out: string[] = [];
  for (const run of capitalisedRuns(text, tokens)) {
    const first = run[0];
    // One capitalised ordinary word opening a sentence is not a name ("Three outlets…", "Concerned but…").
    const before = text.slice(Math.max(0, first.start - 8), first.start).trimEnd();
    const opensSentence = !before || /[.!?:;"“‘(]$/.test(before);
    if (
      run.length === 1 &&
      opensSentence &&
      !first.acronym &&
      (spelledNumber(first.key) || ORDINARY_ENDING.test(first.key))
    )
      continue;
    for (const name of namesInRun(run)) out.push(name.map((t) => t.text).join(" "));
  }
  return out;
}

/** What a text claims that can be checked against articles. */
export function claimsOf(text: string): Claims {
  const quotes = findQuotes(text).map((q) => q.text);
  // Quotations are checked whole; their words are not checked again as claims of the writer.
  const outside = quotes.reduce((t, q) => t.replace(q, " "), text);
  const tokens = tokenize(outside);
  return {
    names: namesIn(outside, tokens),
    numbers: findNumbers(outside).map((n) => n.value),
    quotes: quotes.flatMap((q) =>
      q
        .split("…")
        .map((p) => p.trim())
        .filter((p) => p.split(/\s+/).length >= 2),
    ),
    quoteTerms: quotes.map((q) => contentTerms(tokenize(q))),
    keyWords: [
      ...new Set(
        tokens
          .filter(
            (t) =>
              !t.capitalised &&
              t.key.length >= 4 &&
              /^\p{L}+$/u.test(t.key) &&
              !STOP_WORDS.has(t.key) &&
              !spelledNumber(t.key),
          )
          .map((t) => stem(t.key)),
      ),
    ],
  };
}

function hasName(e: ArticleEvidence, name: string): boolean {
  return e.words.includes(
    ` ${tokenize(name)
      .map((t) => t.key)
      .join(" ")} `,
  );
}

/** The claims that none of the given articles contains. */
export function unsupportedClaims(claims: Claims, evidence: ArticleEvidence[]): string[] {
  const missing: string[] = [];
  for (const n of claims.names) if (!evidence.some((e) => hasName(e, n))) missing.push(n);
  for (const v of claims.numbers) if (!evidence.some((e) => e.numbers.has(v))) missing.push(v);
  for (const q of claims.quotes)
    if (!evidence.some((e) => e.match.includes(matchForm(q)))) missing.push(`“${q}”`);
  return missing;
}

/** Whether an article says anything of the point (a person may be named by surname alone). */
function mentionsAny(claims: Claims, e: ArticleEvidence): boolean {
  const surname = (n: string) => tokenize(n).at(-1)?.key ?? "";
  return (
    claims.names.some(
      (n) =>
        hasName(e, n) || (n.includes(" ") && surname(n).length >= 3 && e.words.includes(` ${surname(n)} `)),
    ) ||
    claims.numbers.some((v) => e.numbers.has(v)) ||
    claims.quotes.some((q) => e.match.includes(matchForm(q))) ||
    claims.keyWords.some((w) => e.stems.has(w)) ||
    // An article that reports a quoted sentence in its own words: most of the sentence's terms.
    claims.quoteTerms.some((terms) => {
      const { held, share } = termsHeld(terms, e.terms);
      return held >= REPORTS_TERMS && share >= REPORTS_SHARE;
    })
  );
}

function groundPoint(
  point: CitedPoint,
  evidence: ArticleEvidence[],
  common: boolean,
  report: GroundingReport,
  kind: PointKind = common ? "common point" : "difference",
): CitedPoint | null {
  const label = `${kind} “${point.text.slice(0, 60)}”`;
  const inRange = [...new Set(point.citations)].filter(
    (i) => Number.isInteger(i) && i >= 0 && i < evidence.length,
  );
  report.droppedCitations += point.citations.length - inRange.length;
  if (inRange.length < point.citations.length) report.notes.push(`${label}: citations to no article removed`);
  const claims = claimsOf(point.text);
  // A cited article must contain something the point says.
  const relevant = inRange.filter((i) => mentionsAny(claims, evidence[i]));
  report.droppedCitations += inRange.length - relevant.length;
  if (relevant.length < inRange.length)
    report.notes.push(`${label}: citations to articles that do not support it removed`);
  const cited = relevant.map((i) => evidence[i]);
  const missing = unsupportedClaims(claims, cited);
  const keyFound = claims.keyWords.filter((w) => cited.some((e) => e.stems.has(w))).length;
  const outlets = new Set(cited.map((e) => e.outlet)).size;
  let reason = "";
  if (!relevant.length) reason = "no cited article supports it";
  else if (missing.length) reason = `not in the cited articles: ${missing.slice(0, 3).join(", ")}`;
  else if (claims.keyWords.length >= 2 && keyFound / claims.keyWords.length < KEY_WORD_SHARE)
    reason = "most of its key words are not in the cited articles";
  else if (common && outlets < 2) reason = "fewer than two distinct outlets cited";
  if (reason) {
    report.droppedPoints++;
    report.notes.push(`${label} dropped: ${reason}`);
    return null;
  }
  return { text: point.text, citations: relevant };
}

function groundText(
  text: string,
  evidence: ArticleEvidence[],
  field: string,
  report: GroundingReport,
): string {
  const kept = splitSentences(text).filter((s) => {
    const missing = unsupportedClaims(claimsOf(s.text), evidence);
    if (missing.length) {
      report.droppedSentences++;
      report.notes.push(`${field}: sentence dropped, not in any article: ${missing.slice(0, 3).join(", ")}`);
    }
    return !missing.length;
  });
  return kept.map((s) => s.text).join(" ");
}

/** What the grounding check reads of a card's articles, made once per check. */
export async function cardEvidence(articles: AnalysisArticle[], budget: WorkBudget): Promise<ArticleEvidence[]> {
  const evidence: ArticleEvidence[] = [];
  for (const a of articles) {
    evidence.push(evidenceOf(a));
    await budget.checkpoint();
  }
  return evidence;
}

export const emptyReport = (): GroundingReport => ({
  droppedCitations: 0,
  droppedPoints: 0,
  droppedSentences: 0,
  notes: [],
});

/**
 * The points of one list that the articles support, each with the citations that do. Common
 * points and conflicts must keep two distinct outlets.
 */
export async function groundPoints(
  points: CitedPoint[],
  evidence: ArticleEvidence[],
  kind: PointKind,
  report: GroundingReport,
  budget: WorkBudget,
): Promise<CitedPoint[]> {
  const kept: CitedPoint[] = [];
  for (const p of points) {
    const grounded = groundPoint(p, evidence, kind === "common point" || kind === "conflict", report, kind);
    if (grounded) kept.push(grounded);
    await budget.checkpoint();
  }
  return kept;
}

/** A free text with the sentences the articles do not support dropped. */
export function groundFreeText(
  text: string,
  evidence: ArticleEvidence[],
  field: string,
  report: GroundingReport,
): string {
  return groundText(text, evidence, field, report);
}

/** Checks an answer against the articles; returns what survives and what was repaired. */
export async function groundAnalysis(
  analysis: ProviderAnalysis,
  articles: AnalysisArticle[],
  budget = new WorkBudget("grounding check"),
): Promise<{ analysis: ProviderAnalysis; report: GroundingReport }> {
  const evidence = await cardEvidence(articles, budget);
  const report = emptyReport();
  const keep = (points: CitedPoint[], kind: PointKind) => groundPoints(points, evidence, kind, report, budget);
  const commonPoints = await keep(analysis.commonPoints, "common point");
  const differences = await keep(analysis.differences, "difference");
  const extras: Pick<ProviderAnalysis, "angles" | "figures"> = {};
  if (analysis.angles) extras.angles = await keep(analysis.angles, "angle");
  if (analysis.figures) extras.figures = await keep(analysis.figures, "figures");
  const texts = {} as Record<(typeof FREE_TEXTS)[number], string>;
  for (const field of FREE_TEXTS) {
    texts[field] = groundText(analysis[field], evidence, field, report);
    await budget.checkpoint();
  }
  return { analysis: { ...analysis, commonPoints, differences, ...extras, ...texts }, report };
}

/** The lists an answer holds, as the check names them in its notes. */
export type PointKind = "common point" | "difference" | "angle" | "figures" | "conflict";

export const FREE_TEXTS = ["summary", "biasAnalysis", "emotionalTone", "frontendSummary"] as const;
