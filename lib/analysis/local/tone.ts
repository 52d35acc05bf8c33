/**
 * Emotional tone from the AFINN-165 word list (the `sentiment` package): each article's
 * comparative score (sum of word scores per word) decides positive, negative or neutral;
 * the card's tone names the majority and the words that weigh most.
 */

import Sentiment from "sentiment";
import { countInWords, listInWords } from "../text";
import type { PreparedArticle } from "./facts";

const analyzer = new Sentiment();
/** Comparative scores within ±0.05 (about one mild word in forty) read as neutral. */
const NEUTRAL_BAND = 0.05;

export type ToneLabel = "positive" | "negative" | "neutral";

export interface ArticleTone {
  index: number;
  label: ToneLabel;
  comparative: number;
  /** Lexicon words found, with their scores. */
  words: Map<string, number>;
}

/** One article's tone. */
export function articleTone(article: PreparedArticle): ArticleTone {
  const result = analyzer.analyze(article.text);
  const words = new Map<string, number>();
  for (const entry of result.calculation) for (const [w, score] of Object.entries(entry)) words.set(w, score);
  const label: ToneLabel = result.comparative >= NEUTRAL_BAND ? "positive" : result.comparative <= -NEUTRAL_BAND ? "negative" : "neutral";
  return { index: article.index, label, comparative: result.comparative, words };
}

function strongest(tones: ArticleTone[], sign: 1 | -1): string[] {
  const weight = new Map<string, number>();
  for (const t of tones) for (const [w, s] of t.words) if (Math.sign(s) === sign) weight.set(w, (weight.get(w) ?? 0) + Math.abs(s));
  return [...weight.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3).map(([w]) => `“${w}”`);
}

export interface CardTone {
  /** "negative", "mostly negative", "mixed", … */
  overall: string;
  text: string;
}

/** The card's tone in a sentence or two, naming the words that weigh most. */
export function cardTone(tones: ArticleTone[], articles: PreparedArticle[]): CardTone {
  const count = (l: ToneLabel) => tones.filter((t) => t.label === l).length;
  const labels: ToneLabel[] = ["negative", "positive", "neutral"];
  const top = labels.reduce((a, b) => (count(b) > count(a) ? b : a));
  const n = tones.length;
  const overall = count(top) === n ? top : count(top) > n / 2 ? `mostly ${top}` : "mixed";
  const share = count(top) === n ? (n === 2 ? "both reports" : `all ${countInWords(n)} reports`) : `${countInWords(count(top))} of ${countInWords(n)} reports`;
  const sentences = [`${overall[0].toUpperCase()}${overall.slice(1)}: the wording of ${share} scores ${top} on a sentiment word list.`];
  const ranked = [...tones].sort((a, b) => a.comparative - b.comparative);
  const mostNegative = ranked[0];
  const mostPositive = ranked.at(-1)!;
  if (mostNegative.label === "negative") sentences.push(`The most negative wording is in ${articles[mostNegative.index].outlet.name}.`);
  if (mostPositive.label === "positive" && mostPositive !== mostNegative) sentences.push(`The most positive wording is in ${articles[mostPositive.index].outlet.name}.`);
  const neg = strongest(tones, -1);
  const pos = strongest(tones, 1);
  if (neg.length) sentences.push(`Words weighing most on the negative side: ${listInWords(neg)}.`);
  if (pos.length) sentences.push(`On the positive side: ${listInWords(pos)}.`);
  return { overall, text: sentences.join(" ") };
}
