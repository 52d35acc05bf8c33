/**
 * A model's draft made into the product's answer (docs/decisions/130-model-answer-shape.md): its
 * lists and texts go through the grounding check, its conflicts that survive are shown first
 * among the differences and counted against the product's own corroboration (factualAccuracy is
 * never the model's guess), and each article's bias score is its outlet's rating, moved only by
 * wording the model names that the article writes in its own voice; the bias text says which.
 */

import type { AnalysisArticle, CitedPoint } from "@/lib/schemas/analysis";
import { cardCorroboration, type CardReading } from "./card-corroboration";
import {
  groundFreeText,
  groundPoints,
  type CardEvidence,
  type GroundingReport,
  type PointKind,
} from "./grounding";
import { biasBand, scoreWithWording } from "./local/bias";
import { outletOf } from "./local/outlets";
import type { ModelArticleNotes, ModelDraft, ProviderAnalysis } from "./provider";
import { findNumbers } from "./text/numbers";
import { wholeWordPositions, withoutQuotes } from "./text/quotes";
import { contentTerms, matchForm, tokenize } from "./text/tokens";
import { listInWords } from "./text/writing";
import type { WorkBudget } from "./work-budget";

/** Wording shown per outlet in the bias text at most. */
const WORDING_SHOWN = 3;

/** The phrases of a model's list that the article writes, as a whole, in its own voice. */
export function ownWording(article: AnalysisArticle, phrases: string[]): string[] {
  const own = matchForm(withoutQuotes(`${article.title}\n${article.summary}\n${article.content}`));
  const kept: string[] = [];
  for (const phrase of phrases) {
    const form = matchForm(phrase.replace(/^[“"'‘]+|[”"'’.,;:]+$/g, ""));
    if (form.length < 3 || kept.some((k) => matchForm(k) === form)) continue;
    if (!wholeWordPositions(own, form).next().done) kept.push(phrase.trim());
  }
  return kept;
}

interface ArticleScore {
  index: number;
  source: string;
  score: number;
  /** The wording behind a score beyond the rating (empty: the rating alone). */
  wording: string[];
  lean: ModelArticleNotes["lean"];
}

/** An article's score: its rating's, moved by a step per phrase of named wording in the model's direction. */
export function articleScore(notes: ModelArticleNotes, article: AnalysisArticle): ArticleScore {
  const wording = notes.lean === "none" ? [] : ownWording(article, notes.wording);
  const direction = notes.lean === "left" ? -1 : 1;
  const score = scoreWithWording(outletOf(article.source).rating, wording.length, direction);
  return {
    index: notes.index,
    source: notes.source,
    score,
    wording,
    lean: wording.length ? notes.lean : "none",
  };
}

/** The bias text's last sentence: what each score rests on, in the product's words. */
export function scoresSentence(scores: ArticleScore[]): string {
  const byOutlet = new Map<string, ArticleScore>();
  for (const s of scores) {
    const key = outletOf(s.source).key;
    const seen = byOutlet.get(key);
    if (!seen || (!seen.wording.length && s.wording.length)) byOutlet.set(key, s);
  }
  const all = [...byOutlet.values()];
  const named = all.filter((s) => s.wording.length);
  const alone = all
    .filter((s) => !s.wording.length)
    .map((s) => `${s.source} ${biasBand(s.score)}${outletOf(s.source).rating ? "" : " (not rated)"}`);
  if (!named.length)
    return `No wording with a left or right lean was named in the articles' own voice, so the scores are the ratings alone: ${listInWords(alone)}. They describe framing, not accuracy.`;
  const rating = (s: ArticleScore) => outletOf(s.source).rating;
  const moved = named.map((s) => {
    const words = listInWords(s.wording.slice(0, WORDING_SHOWN).map((w) => `“${w}”`));
    const base = rating(s) ? `its ${rating(s)} rating` : "no rating";
    return `${s.source} ${biasBand(s.score)} (${base}, moved ${s.lean} by the wording ${words})`;
  });
  return (
    `Scores: ${moved.join("; ")}` +
    (alone.length
      ? `; ${listInWords(alone)} (${alone.length === 1 ? "its rating" : "their ratings"} alone)`
      : "") +
    ". They describe framing, not accuracy."
  );
}

/**
 * Conflicts the model flagged that the built-in reading has not already judged: a figure line of
 * the card that cites two of its articles and one of its figures has compared those figures (a
 * conflict there is counted already; figures it found to agree, or to count different things, are
 * no conflict), and a contradiction of the card that cites two of its articles and its predicate's
 * term is counted already.
 */
export function furtherConflicts(conflicts: CitedPoint[], reading: CardReading): number {
  const shares = (a: number[], b: number[]) => a.filter((i) => b.includes(i)).length >= 2;
  return conflicts.filter((c) => {
    const numbers = new Set(findNumbers(c.text).map((n) => n.value));
    const terms = new Set(contentTerms(tokenize(c.text)));
    const figure = reading.figures.some(
      (f) => shares(c.citations, f.citations) && f.values.some((v) => numbers.has(v)),
    );
    const claim = reading.contradictions.some((k) => shares(c.citations, k.citations) && terms.has(k.term));
    return !figure && !claim;
  }).length;
}

/**
 * A model's draft after the grounding check: its lists and texts as the articles support them,
 * its conflicts kept apart, each article's bias score; still without the product's corroboration.
 */
export type GroundedDraft = Omit<
  ProviderAnalysis,
  "factualAccuracy" | "factualAccuracyMethod" | "corroboration"
> & {
  conflicts: CitedPoint[];
};

/** Checks a model's draft against the articles: grounded lists and texts, bias scores from the wording it names. */
export async function groundDraft(
  draft: ModelDraft,
  articles: AnalysisArticle[],
  card: CardEvidence,
  report: GroundingReport,
  budget: WorkBudget,
): Promise<GroundedDraft> {
  const keep = (points: CitedPoint[], kind: PointKind) => groundPoints(points, card, kind, report, budget);
  const text = (value: string, field: string) => groundFreeText(value, card, field, report);
  const commonPoints = await keep(draft.commonPoints, "common point");
  const angles = await keep(draft.angles, "angle");
  const figures = await keep(draft.figures, "figures");
  const conflicts = await keep(draft.conflicts, "conflict");
  const differences = await keep(draft.differences, "difference");
  const scores = draft.articles.map((notes) => articleScore(notes, articles[notes.index]));
  await budget.checkpoint();
  const bias = text(draft.biasAnalysis, "biasAnalysis");
  return {
    commonPoints,
    // Conflicts first: they are the differences that matter most (as the built-in analyzer's contradictions).
    differences: [...conflicts, ...differences],
    conflicts,
    angles,
    figures,
    summary: text(draft.summary, "summary"),
    frontendSummary: text(draft.frontendSummary, "frontendSummary"),
    biasAnalysis: [bias, scoresSentence(scores)].filter(Boolean).join(" "),
    emotionalTone: text(draft.emotionalTone, "emotionalTone"),
    articles: draft.articles.map((notes, i) => ({
      index: notes.index,
      source: notes.source,
      sentiment: notes.sentiment,
      biasScore: scores[i].score,
      ...(scores[i].wording.length ? { biasWording: scores[i].wording } : {}),
    })),
    provider: draft.provider,
  };
}

/** The grounded draft with the product's corroboration of the card, the conflicts it bears out counted. */
export function finishDraft(grounded: GroundedDraft, reading: CardReading): ProviderAnalysis {
  const { conflicts, ...rest } = grounded;
  const corroboration = cardCorroboration(reading, furtherConflicts(conflicts, reading));
  return {
    ...rest,
    factualAccuracy: corroboration.score,
    factualAccuracyMethod: corroboration.method,
    corroboration: { corroborated: corroboration.supported, total: corroboration.checkable },
  };
}
