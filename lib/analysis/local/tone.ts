/**
 * Emotional tone from the AFINN-165 word list (the `sentiment` package): each article's
 * comparative score (sum of word scores per word) decides positive, negative or neutral, and
 * the card's tone names the majority and the wording that drove it, with the outlet that wrote
 * it. Negation is handled here rather than by the package, which flips a negated word's score
 * ("won't escape being targeted" would read positive): a word after "not", "won't", "never",
 * "no" or "without" (within three words) is not scored, and the texts say which wording was
 * set aside.
 *
 * Topic words are not feeling (issue 25: a murder victim's "friend" read as positive wording in
 * a verdict). A word that names a person, a relation, an institution or an event ("friend",
 * "victim", "prison", "fire", "protest", "leave" as in leaving the EU) is never scored; and in a
 * card of several outlets, a scored word two or more outlets write is the story's subject, not
 * one outlet's wording (in any form: "threat", "threatened"): it is set aside too, so an outlet's tone is the wording it chose
 * (decision 038). Verbs of motion and plain reporting words ("reaches", "rises", "leading",
 * "secure", "ally") are not feeling either (issue 32).
 */
import Sentiment from "sentiment";
import { termOf } from "@/lib/text/terms";
import { CONTRACTED_NEGATIONS, NEGATORS } from "@/lib/text/words";
import { countInWords, listInWords } from "../text/writing";
import type { PreparedArticle } from "./facts";

/**
 * The negators (lib/text/words.ts), and the contractions as typed without the apostrophe ("dont"):
 * the sentiment package's tokens keep a word as typed, and "dont like" still negates "like". The
 * contradiction reader's tokens do not take "dont" for a negation (decision 150).
 */
const TONE_NEGATORS: ReadonlySet<string> = new Set([
  ...NEGATORS,
  ...CONTRACTED_NEGATIONS.map((w) => w.replace("'", "")),
]);
/** How many words back a negation reaches ("won't be able to escape"). */
const NEGATION_REACH = 3;

const analyzer = new Sentiment();

/** Words of the AFINN list that name what a story is about rather than a feeling about it. */
const TOPIC_WORDS = new Set(
  (
    "friend friends victim victims justice prison jail cancer disease suspect suspects charged guilty " +
    "supporter supporters leave fire fires protest protests protester protesters accident crash war infected crude"
  ).split(" "),
);

/**
 * Words of the AFINN list that news writes plainly, without feeling (issue 32): verbs of motion
 * and amount (a wildfire "reaches" a forest, a river "rises", prices "drop") and plain reporting
 * words (the "leading" candidate, the "best" estimate, an "effective" date, "secured" a deal,
 * "allow", an "ally", "support" for a bill). They are not scored either way.
 */
const PLAIN_WORDS = new Set(
  (
    "reach reaches reached reaching rise rises rising rose boost boosts boosted increase increases increased " +
    "launch launches launched " +
    "gain gains drop drops leading top best effective effectively secure secured secures securing allow allowed " +
    "allows ally allies join joins joined united clear cleared certain significant agree agreed approved approval " +
    "interest support supports supported"
  ).split(" "),
);

/** Words never scored: topics and plain words. */
const UNSCORED = new Set([...TOPIC_WORDS, ...PLAIN_WORDS]);

/** The package's own tokenizer, so positions here are its positions. */
function sentimentTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\n/g, " ")
    .replace(/[.,/#!?$%^&*;:{}=_`"~()]/g, " ")
    .replace(/\s\s+/g, " ")
    .trim()
    .split(" ");
}

/**
 * The article's words (sentence by sentence: a negation does not reach into the next sentence)
 * with every scored word that a negation reaches replaced by a placeholder the list does not
 * score (so the package neither scores nor flips it), and the negated wording where the
 * article writes it so ("won't escape"), to be named.
 */
function withoutNegated(sentences: string[], match: string): { tokens: string[]; negated: string[] } {
  const tokens: string[] = [];
  const negated: string[] = [];
  for (const sentence of sentences) {
    const words = sentimentTokens(sentence).filter(Boolean);
    for (let i = 1; i < words.length; i++) {
      for (let k = 1; k <= NEGATION_REACH && i - k >= 0; k++) {
        if (!TONE_NEGATORS.has(words[i - k])) continue;
        if (!UNSCORED.has(words[i]) && analyzer.analyze(words[i]).score !== 0) {
          const phrase = words.slice(i - k, i + 1).join(" ");
          if (match.includes(phrase)) negated.push(phrase);
          words[i] = "-";
        }
        break;
      }
    }
    tokens.push(...words);
  }
  return { tokens, negated };
}

/** Comparative scores within ±0.05 (about one mild word in forty) read as neutral. */
const NEUTRAL_BAND = 0.05;

export type ToneLabel = "positive" | "negative" | "neutral";

export interface ArticleTone {
  index: number;
  label: ToneLabel;
  comparative: number;
  /** Words read (the comparative's denominator). */
  wordCount: number;
  /** Lexicon words scored, with their scores. */
  words: Map<string, number>;
  /** Each scored word's score times its uses. */
  totals: Map<string, number>;
  /** Negated wording left unscored ("won't escape"), as the article's words in lowercase. */
  negated: string[];
}

/** One article's tone. */
export function articleTone(article: PreparedArticle): ArticleTone {
  const { tokens, negated } = withoutNegated(
    article.sentences.map((s) => s.text),
    article.match,
  );
  const result = analyzer.analyze(tokens.filter((t) => !UNSCORED.has(t)).join(" "));
  const words = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const entry of result.calculation)
    for (const [w, score] of Object.entries(entry))
      if (score !== 0) {
        words.set(w, score);
        totals.set(w, (totals.get(w) ?? 0) + score);
      }
  return scored(article.index, words, totals, result.score, Math.max(1, tokens.length), negated);
}

/** A tone from its scored words: each word's score counts once per use, as the package counts it. */
function scored(
  index: number,
  words: Map<string, number>,
  totals: Map<string, number>,
  score: number,
  wordCount: number,
  negated: string[],
): ArticleTone {
  const comparative = score / wordCount;
  const label: ToneLabel =
    comparative >= NEUTRAL_BAND ? "positive" : comparative <= -NEUTRAL_BAND ? "negative" : "neutral";
  return { index, label, comparative, wordCount, words, totals, negated };
}

/**
 * The tones with the story's subject set aside: a scored word two or more outlets write is what
 * the story is about ("killed", "guilty" in every report of a verdict), not one outlet's wording.
 * Another outlet writes it in any of its forms and anywhere in its text, scored or not (issue 32:
 * the Mail's "excludes" beside another's "excluded", "allies" beside "ally", Fox's "won't descend
 * into violence", negated, beside another's "violence"): `terms` are each article's terms
 * (lib/analysis/local/vocabulary.ts). A card of one outlet keeps every word.
 */
export function withoutSharedWords(
  tones: ArticleTone[],
  articles: PreparedArticle[],
  terms: ReadonlySet<string>[],
): ArticleTone[] {
  if (new Set(articles.map((a) => a.outlet.key)).size < 2) return tones;
  const outletsOf = new Map<string, Set<string>>();
  for (const t of tones)
    for (const w of t.words.keys()) {
      const term = termOf(w);
      if (outletsOf.has(term)) continue;
      outletsOf.set(term, new Set(articles.filter((a) => terms[a.index].has(term)).map((a) => a.outlet.key)));
    }
  return tones.map((t) => {
    const words = new Map([...t.words].filter(([w]) => (outletsOf.get(termOf(w))?.size ?? 0) < 2));
    if (words.size === t.words.size) return t;
    // The words set aside take their score with them (every use of them).
    let score = t.comparative * t.wordCount;
    for (const w of t.words.keys()) if (!words.has(w)) score -= t.totals.get(w) ?? 0;
    return scored(t.index, words, t.totals, score, t.wordCount, t.negated);
  });
}

/** The words weighing most on one side, each with the outlet that wrote it most. */
function strongest(tones: ArticleTone[], articles: PreparedArticle[], sign: 1 | -1): string[] {
  const weight = new Map<string, { total: number; outlet: string; best: number }>();
  for (const t of tones) {
    for (const [w, s] of t.words) {
      if (Math.sign(s) !== sign) continue;
      const entry = weight.get(w) ?? { total: 0, outlet: articles[t.index].outlet.name, best: 0 };
      entry.total += Math.abs(s);
      if (Math.abs(s) > entry.best) entry.best = Math.abs(s);
      weight.set(w, entry);
    }
  }
  return [...weight.entries()]
    .sort((a, b) => b[1].total - a[1].total || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([w, e]) => `“${w}” (${e.outlet})`);
}

export interface CardTone {
  /** "negative", "mostly negative", "mixed", … */
  overall: string;
  text: string;
}

/** The card's tone in a few sentences, naming the wording that drove it and what negation set aside. */
export function cardTone(tones: ArticleTone[], articles: PreparedArticle[]): CardTone {
  const count = (l: ToneLabel) => tones.filter((t) => t.label === l).length;
  const labels: ToneLabel[] = ["negative", "positive", "neutral"];
  const top = labels.reduce((a, b) => (count(b) > count(a) ? b : a));
  const n = tones.length;
  const overall = count(top) === n ? top : count(top) > n / 2 ? `mostly ${top}` : "mixed";
  const share =
    count(top) === n
      ? n === 2
        ? "both reports"
        : `all ${countInWords(n)} reports`
      : `${countInWords(count(top))} of ${countInWords(n)} reports`;
  const sentences = [
    `${overall[0].toUpperCase()}${overall.slice(1)}: the wording of ${share} scores ${top} on a sentiment word list.`,
  ];
  const ranked = [...tones].sort((a, b) => a.comparative - b.comparative);
  const mostNegative = ranked[0];
  const mostPositive = ranked.at(-1)!;
  if (mostNegative.label === "negative")
    sentences.push(`The most negative wording is in ${articles[mostNegative.index].outlet.name}.`);
  if (mostPositive.label === "positive" && mostPositive !== mostNegative)
    sentences.push(`The most positive wording is in ${articles[mostPositive.index].outlet.name}.`);
  const neg = strongest(tones, articles, -1);
  const pos = strongest(tones, articles, 1);
  if (neg.length) sentences.push(`Words weighing most on the negative side: ${listInWords(neg)}.`);
  if (pos.length) sentences.push(`On the positive side: ${listInWords(pos)}.`);
  const negated = [...new Set(tones.flatMap((t) => t.negated))].slice(0, 3).map((w) => `“${w}”`);
  if (negated.length) sentences.push(`Negated wording is not scored either way: ${listInWords(negated)}.`);
  return { overall, text: sentences.join(" ") };
}
