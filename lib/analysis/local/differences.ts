/**
 * Differences: claims only one outlet makes, each quoted whole as that outlet's sentence and
 * introduced by the details no other outlet has ("Only Reuters mentions Muharrem Ince: “…”").
 * "Only" is checked before it is said: a detail counts when no other outlet's text has it in
 * any form the word toolkit folds together (stems, demonyms and name families: UK, Britain and
 * British; Paralympic and Paralympian; a number in digits or in words). Dates are never
 * figures (lib/analysis/local/statement-figures.ts), and emphatic capitals, titles and the
 * outlets' own names are never names (lib/analysis/local/statement-names.ts). Statements are ranked by what they add: quotations,
 * names, figures, then consequences; outlets take turns.
 *
 * A name of one word is no detail (issue 32: "Prime" of "Prime Minister", "Manhattan" beside
 * another outlet's "New York real estate heir"; before, only fragments, titles, ranks, short
 * abbreviations, number words and words the card writes in lowercase were left out, issue 25),
 * unless its words are joined ("Harley-Davidson"); nor is a reporter's byline a name
 * (lib/analysis/local/statement-names.ts). One count is one detail however it is written ("more than 20"
 * and "20"). A sentence already quoted elsewhere in the answer is not quoted again: the claim
 * then names its details only, as it does when the sentence as cut for display lacks one of
 * them (decision 037).
 */
import type { CitedPoint } from "@/lib/schemas/analysis";
import { HONORIFICS } from "@/lib/text/words";
import { spelledNumber } from "../text/numbers";
import { wholeWordPositions } from "../text/quotes";
import { matchForm, passageWords, REPORTS_SHARE, tokenize, wordsHeld } from "../text/tokens";
import { listInWords } from "../text/writing";
import type { PreparedArticle } from "./facts";
import type { Figure } from "./statement-figures";
import { reportsConsequence, type Statement } from "./statements";
import type { ArticleVocabulary } from "./vocabulary";

/** Items of the differences list (contradictions included, decision 051). */
export const MAX_DIFFERENCES = 6;
const MAX_DETAILS = 3;
const MIN_SCORE = 3;
const MIN_DETAIL_WEIGHT = 2;

export interface OnlyClaim extends CitedPoint {
  /** What it adds (quotations, names, figures, consequences). */
  score: number;
  /** The claim without the quoted sentence: "Only Reuters mentions Muharrem Ince". */
  lead: string;
  /** The sentence it quotes. */
  quoted: string;
  /** Its details other than quotations: names and figures. */
  plain: Detail[];
}

/** A detail an "only" claim names. */
export interface Detail {
  text: string;
  kind: "quote" | "name" | "figure";
  /** What makes two details one: a figure's value ("$233m" and "$233 million" are one), else its text. */
  key: string;
}

interface Claim {
  statement: Statement;
  details: Detail[];
  score: number;
}

/**
 * Whether details make an "only" claim on their own: a quotation, a figure, a name of two words
 * or more ("Harley-Davidson" too), or two names; never one word alone (decision 037; since issue
 * 32 a one-word name is no detail at all, see ownDetails).
 */
function makesClaim(details: readonly Detail[]): boolean {
  let names = 0;
  for (const d of details) if (d.kind !== "name" || MANY_WORDS.test(d.text) || ++names >= 2) return true;
  return false;
}

/**
 * Ranks alone ("Major", "Colonel"): no name of a person. Kept apart from the titles stripped off
 * names (lib/text/words.ts HONORIFICS), since "Major League" or "Private Eye" keep them.
 */
const RANKS = new Set(
  "major colonel lieutenant sergeant corporal private admiral brigadier commander marshal".split(" "),
);

const CAPITALISED = /^\p{Lu}/u;
/** A name of several words, spaced or joined by a hyphen between capitalised words ("Harley-Davidson", not "Covid-19"). */
const MANY_WORDS = /\s|\p{L}-\p{Lu}/u;
/** A number right after a word makes the word part of a name with it ("Falcon 9", "Apollo 11"). */
const NUMBERED = /^\d/;

/** Whether a one-word name is no detail worth an "only": a fragment, a short abbreviation, a number word, a title or rank alone, or a common word. */
function slightName(name: string, sentence: string, lowercase: Set<string>): boolean {
  if (MANY_WORDS.test(name)) return false;
  const key = name.toLowerCase();
  if (
    name.replace(/[^\p{L}]/gu, "").length <= 3 ||
    spelledNumber(key) !== undefined ||
    lowercase.has(key) ||
    HONORIFICS.has(key) ||
    RANKS.has(key)
  )
    return true;
  // A fragment: the word written right beside another capitalised word.
  for (const at of wholeWordPositions(sentence, name)) {
    const end = at + name.length;
    const before = /(\S+)\s+$/.exec(sentence.slice(Math.max(0, at - 40), at))?.[1] ?? "";
    const after = /^\s+(\S+)/.exec(sentence.slice(end, end + 40))?.[1] ?? "";
    if (CAPITALISED.test(before) || CAPITALISED.test(after) || NUMBERED.test(after)) return true;
  }
  return false;
}

/** A number with nothing it counts, no currency, no share and no size word: no detail by itself. */
function bareNumber(f: Figure): boolean {
  return !f.units.length && !/[$£€%]|\d(?:bn|mn|m|k)\b/.test(f.text);
}

/** Whether a statement's shown text (cut for display, its “” written as ") holds a detail. */
function shows(text: string, d: Detail): boolean {
  if (d.kind === "quote") return true;
  if (d.kind === "figure") return text.toLowerCase().includes(d.text.replace(/[“”]/g, '"').toLowerCase());
  return !wholeWordPositions(text, d.text).next().done;
}

/** The details of a statement that no article of another outlet has. */
function ownDetails(
  statement: Statement,
  others: ArticleVocabulary[],
  compared: Set<string>,
  lowercase: Set<string>,
): (Detail & { weight: number })[] {
  const details: (Detail & { weight: number })[] = [];
  for (const q of statement.quotes) {
    // A quotation is the outlet's own only when no other outlet has it, nor most of its words.
    const words = passageWords(tokenize(q));
    const echoed = others.some(
      (o) => o.match.includes(matchForm(q)) || wordsHeld(words, o.terms).share >= REPORTS_SHARE,
    );
    if (q.split(/\s+/).length >= 3 && !echoed) {
      details.push({ text: `“${q}”`, kind: "quote", key: `“${q}”`, weight: 4 });
    }
  }
  for (const n of statement.names) {
    // A name is elsewhere when another outlet writes any of its words' families ("Sanford" for "Mark Sanford").
    if (!n.families.some((f) => others.some((o) => o.families.has(f)))) {
      // A name of one word is no detail (issue 32: "Prime", "Only The New York Times mentions
      // Manhattan" beside "New York real estate heir"): a place or a surname alone says too
      // little. A name of joined words says more ("Harley-Davidson").
      if (!MANY_WORDS.test(n.text) || slightName(n.text, statement.text, lowercase)) continue;
      // A full name says more than one word; an adjective of a place or party ("Republican") least.
      const weight = n.families.length > 1 ? 3 : n.adjective ? 1 : 2;
      details.push({ text: n.text, kind: "name", key: n.text, weight });
    }
  }
  const values = new Set<string>();
  for (const f of statement.figures) {
    // A figure set beside another outlet's (lib/analysis/local/figures.ts) is compared there, not
    // "only", in whichever of its sentences; one count written twice ("more than 20", "20") is one detail.
    // A count in words ("two longtime adversaries") is compared, not claimed as an outlet's own.
    // A bare number ("100" of "in 100 and 500 words", "25" of "one in 25 on oxygen") tells a reader nothing.
    if (
      !f.inWords &&
      !bareNumber(f) &&
      !compared.has(`${f.article}:${f.value}`) &&
      !others.some((o) => o.numbers.has(f.value)) &&
      !values.has(f.value)
    ) {
      values.add(f.value);
      // A figure with what it counts says more than an amount ("$233m").
      details.push({
        text: f.text,
        kind: "figure",
        key: `figure:${f.value}`,
        weight: f.units.length ? 3 : 2,
      });
    }
  }
  const distinct = details.filter(
    (d, i) => details.findIndex((e) => e.key.toLowerCase() === d.key.toLowerCase()) === i,
  );
  return distinct;
}

/** The card's single-outlet claims, at most six, outlets in turn. */
export function findDifferences(
  statements: Statement[],
  articles: PreparedArticle[],
  vocabularies: ArticleVocabulary[],
  compared: Set<Figure> = new Set(),
  lowercase: Set<string> = new Set(),
): OnlyClaim[] {
  // An article's figures set beside another outlet's, by value: its other sentences may write them again.
  const comparedValues = new Set([...compared].map((f) => `${f.article}:${f.value}`));
  const outlets = [...new Map(articles.map((a) => [a.outlet.key, a.outlet.name])).entries()];
  if (outlets.length < 2) return [];
  const queues = outlets.map(([key, name]) => {
    const others = articles.filter((a) => a.outlet.key !== key).map((a) => vocabularies[a.index]);
    const seen = new Set<string>();
    const claims: Claim[] = [];
    for (const s of statements.filter((x) => articles[x.article].outlet.key === key)) {
      // One detail is said once per outlet, however each sentence writes it ("15,000 beds", "15,000
      // more beds"); what a claim adds is weighed on its fresh details alone (not "Mexican" beside
      // a figure an earlier claim gave).
      const own = ownDetails(s, others, comparedValues, lowercase).filter((d) => !seen.has(d.key));
      const fresh = own
        .slice(0, MAX_DETAILS)
        .map((d): Detail => ({ text: d.text, kind: d.kind, key: d.key }));
      const weight = own.reduce((sum, d) => sum + d.weight, 0);
      if (!fresh.length || !makesClaim(own)) continue;
      // A consequence adds when no other outlet reports it ("left one person dead" against "deadly" does not).
      const consequence = reportsConsequence(s).some((w) => !others.some((o) => o.terms.has(w)));
      const score = weight + (consequence ? 2 : 0) + (s.order <= 1 ? 1 : 0) - (s.complete ? 0 : 1);
      // A lone adjective ("Republican") is not worth an "only", whatever else the sentence says.
      if (weight < MIN_DETAIL_WEIGHT || score < MIN_SCORE) continue;
      for (const d of fresh) seen.add(d.key);
      claims.push({ statement: s, details: fresh, score });
    }
    claims.sort((a, b) => b.score - a.score || a.statement.order - b.statement.order);
    return claims.map((c): OnlyClaim => {
      const lead = `Only ${name} mentions ${listInWords(c.details.map((d) => d.text))}`;
      return {
        // The quote must hold what it is quoted for: a sentence cut before a detail ("Reed Hastings,
        // the video streaming company’s founder…" for "Jonathan Friedland") is not quoted.
        text: c.details.every((d) => shows(c.statement.text, d))
          ? `${lead}: “${c.statement.text}”`
          : `${lead}.`,
        citations: [c.statement.article],
        score: c.score,
        lead,
        quoted: c.statement.text,
        plain: c.details.filter((d) => d.kind !== "quote"),
      };
    });
  });
  const out: OnlyClaim[] = [];
  for (let round = 0; out.length < MAX_DIFFERENCES && queues.some((q) => q.length > round); round++) {
    for (const q of queues) if (q[round] && out.length < MAX_DIFFERENCES) out.push(q[round]);
  }
  return out;
}
