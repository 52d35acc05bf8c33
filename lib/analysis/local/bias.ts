/**
 * Bias from two transparent signals (docs/decisions/031-local-bias-and-tone.md): the outlet's
 * rating in the known-sources list, and loaded wording in the outlet's own voice (quotations
 * are the speakers' words and are left out). Directional markers nudge the score; sensational
 * and loaded words ("notorious", "rioters") are reported but do not move it, as they carry no direction. The text also shows, for
 * each outlet, the charged words it alone chose in its own voice (words of the sentiment list
 * that no other outlet of the card writes, lib/analysis/local/tone.ts), so a reader sees how
 * the wording differs even where no marker has a direction; and it says when the scores are the
 * ratings alone (issue 25, decision 038).
 */

import type { BiasRating } from "@/lib/sources/registry";
import { wholeWordPositions, withoutQuotes } from "../text/quotes";
import { matchForm } from "../text/tokens";
import { listInWords } from "../text/writing";
import type { PreparedArticle } from "./facts";

const RATING_SCORE: Record<BiasRating, number> = { "center-left": -0.3, center: 0, "center-right": 0.3 };
const MARKER_STEP = 0.1;
const MARKER_CAP = 0.3;

const LEFT_CODED = [
  "far-right",
  "far right",
  "systemic racism",
  "police brutality",
  "racial justice",
  "undocumented immigrants",
  "climate crisis",
  "climate emergency",
  "gun violence",
  "white supremacist",
  "white supremacists",
  "voter suppression",
  "corporate greed",
  "assault weapons",
  "anti-abortion",
  "reproductive rights",
  "right-wing extremists",
  "xenophobic",
  "anti-immigrant",
  "gun safety",
  "climate denial",
  "climate deniers",
  "maga extremists",
];
const RIGHT_CODED = [
  "radical left",
  "far-left",
  "far left",
  "illegal aliens",
  "illegal immigrants",
  "antifa",
  "socialist",
  "pro-life",
  "law and order",
  "open borders",
  "woke",
  "leftist",
  "leftists",
  "liberal elites",
  "mainstream media",
  "fake news",
  "thugs",
  "cancel culture",
  "deep state",
  "illegals",
  "border crisis",
  "pro-abortion",
  "globalist",
  "globalists",
  "leftwing",
  "radical democrats",
];
const SENSATIONAL = [
  "slams",
  "slammed",
  "blasts",
  "blasted",
  "rips",
  "destroys",
  "chaos",
  "shocking",
  "outrage",
  "outrageous",
  "horrific",
  "bombshell",
  "meltdown",
  "furious",
  "brutal",
  "devastating",
  "explosive",
  "firestorm",
  // Loaded words with no left or right direction (issue 32).
  "repressive",
  "notorious",
  "infamous",
  "rioters",
  "rioter",
  "mob",
  "regime",
  "tyrant",
  "draconian",
  "ruthless",
  "heinous",
];

/** "far-right" also matches "far right" and "farright". */
const loose = (term: string) => term.replace(/[- ]/g, "");

/** One regex per list (a text is scanned once per list), and the terms by their loose form. */
function compile(terms: string[]): { re: RegExp; byLoose: Map<string, string> } {
  const alternatives = terms.map((t) => t.replace(/[- ]/g, "[- ]?")).join("|");
  return {
    re: new RegExp(`(?<![\\p{L}\\p{N}-])(?:${alternatives})(?![\\p{L}\\p{N}-])`, "gu"),
    byLoose: new Map(terms.map((t) => [loose(t), t])),
  };
}
const LEFT = compile(LEFT_CODED);
const RIGHT = compile(RIGHT_CODED);
const LOUD = compile(SENSATIONAL);

/** The distinct terms of a list that a text uses, in list order. */
function found(text: string, markers: ReturnType<typeof compile>): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(markers.re)) {
    const term = markers.byLoose.get(loose(m[0]));
    if (term) seen.add(term);
  }
  return [...markers.byLoose.values()].filter((t) => seen.has(t));
}

export interface ArticleBias {
  index: number;
  rating: BiasRating | null;
  left: string[];
  right: string[];
  sensational: string[];
  /** -1 (left) .. +1 (right), two decimals. */
  score: number;
  /** The article's own voice (quotations left out), lowercase. */
  ownVoice: string;
}

/** A tone's scored words, as lib/analysis/local/tone.ts gives them (after the card's shared words are set aside). */
export interface ScoredWords {
  index: number;
  words: Map<string, number>;
}

/** Charged words an outlet chose: at least this strong on the sentiment list … */
const CHARGED_SCORE = 2;
/** … at most this many per outlet, for at most this many outlets (a long card's text stays short). */
const CHARGED_SHOWN = 3;
const CHARGED_OUTLETS = 4;

/** One article's bias score and the markers behind it. */
export function articleBias(article: PreparedArticle): ArticleBias {
  const ownVoice = matchForm(withoutQuotes(article.text));
  const left = found(ownVoice, LEFT);
  const right = found(ownVoice, RIGHT);
  const sensational = found(ownVoice, LOUD);
  const nudge = Math.max(-MARKER_CAP, Math.min(MARKER_CAP, (right.length - left.length) * MARKER_STEP));
  const base = article.outlet.rating ? RATING_SCORE[article.outlet.rating] : 0;
  return {
    index: article.index,
    rating: article.outlet.rating,
    left,
    right,
    sensational,
    score: Math.round((base + nudge) * 100) / 100,
    ownVoice,
  };
}

/** docs/product.md §9 bands on the absolute value, in lowercase for running text. */
export function biasBand(score: number): string {
  const a = Math.abs(score);
  if (a < 0.2) return "neutral";
  return `${a < 0.5 ? "slight" : "leaning"} ${score < 0 ? "left" : "right"}`;
}

/** Whether a lowercase text writes a word as a whole word. */
function writes(text: string, word: string): boolean {
  return !wholeWordPositions(text, word).next().done;
}

/** The charged words of one article in its own voice, strongest first. */
function chargedWords(bias: ArticleBias, tone: ScoredWords | undefined): string[] {
  const strong = tone ? [...tone.words].filter(([, s]) => Math.abs(s) >= CHARGED_SCORE) : [];
  if (!strong.length) return [];
  return strong
    .filter(([w]) => writes(bias.ownVoice, w))
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || a[0].localeCompare(b[0]))
    .slice(0, CHARGED_SHOWN)
    .map(([w]) => w);
}

/** The card's bias analysis: ratings, loaded wording, each outlet's charged words and what the scores mean. */
export function biasText(
  biases: ArticleBias[],
  articles: PreparedArticle[],
  tones: ScoredWords[] = [],
): string {
  const name = (b: ArticleBias) => articles[b.index].outlet.name;
  const rated = biases.filter((b) => b.rating).map((b) => `${name(b)} ${b.rating}`);
  const unrated = biases.filter((b) => !b.rating).map(name);
  const sentences: string[] = [];
  if (rated.length) {
    sentences.push(
      `Outlet ratings from the known-sources list: ${rated.join(", ")}${unrated.length ? `; ${listInWords(unrated)} unrated` : ""}.`,
    );
  } else {
    sentences.push(`None of these outlets is in the known-sources list, so no rating applies.`);
  }
  const loaded = biases
    .map((b) => ({ b, words: [...b.left, ...b.right, ...b.sensational] }))
    .filter((x) => x.words.length)
    .map((x) => `${name(x.b)} ${listInWords(x.words.slice(0, 4).map((w) => `“${w}”`))}`);
  sentences.push(
    loaded.length
      ? `Loaded or sensational wording outside quotations: ${loaded.join("; ")}.`
      : "No loaded or sensational wording was found outside quotations.",
  );
  // Each outlet once (its first article with charged words).
  const chosen = new Map<string, string>();
  for (const b of biases) {
    const key = articles[b.index].outlet.key;
    if (chosen.has(key) || chosen.size >= CHARGED_OUTLETS) continue;
    const words = chargedWords(
      b,
      tones.find((t) => t.index === b.index),
    );
    if (words.length) chosen.set(key, `${name(b)} ${listInWords(words.map((w) => `“${w}”`))}`);
  }
  if (chosen.size)
    sentences.push(
      `Words with a charge only one outlet chose, outside quotations: ${[...chosen.values()].join("; ")}.`,
    );
  const bands = biases.map((b) => `${name(b)} ${biasBand(b.score)}`);
  const directed = biases.some((b) => b.left.length || b.right.length);
  sentences.push(
    directed
      ? `Scores combine each rating with the direction of such wording: ${bands.join(", ")}. They describe framing, not accuracy.`
      : `No wording with a left or right direction was found, so the scores are the ratings alone: ${bands.join(", ")}. They describe framing, not accuracy.`,
  );
  return sentences.join(" ");
}

/**
 * A score from a rating and wording of one direction, as articleBias scores markers: for a
 * model's answer, the phrases it names that the article writes in its own voice (lib/analysis/model-answer.ts).
 */
export function scoreWithWording(rating: BiasRating | null, phrases: number, direction: -1 | 1): number {
  const base = rating ? RATING_SCORE[rating] : 0;
  const nudge = direction * Math.min(MARKER_CAP, phrases * MARKER_STEP);
  return Math.round((base + nudge) * 100) / 100;
}
