import type { CitedPoint } from "@/lib/schemas/analysis";
import { clip, listInWords, stem } from "../text";
import { ANALYSIS_BUDGET } from "../work-budget";
import type { Fact, PreparedArticle } from "./facts";

/**
 * Common points: facts (names, numbers, quotations, key phrases) that at least two distinct
 * outlets' articles contain. Facts shared by the same set of articles are told together, and
 * each point cites exactly the articles that contain all of its facts, with one sentence of
 * a cited article as an example.
 */

const WEIGHT: Record<Fact["kind"], number> = { quote: 4, name: 3, number: 3, phrase: 1 };
const MAX_POINTS = 5;
const MAX_FACTS_PER_POINT = 4;

export interface CommonPoint extends CitedPoint {
  facts: Fact[];
}

/** How a fact reads in a sentence: a quotation in quotes, a number with the word it counts. */
export function factLabel(fact: Fact, articles: PreparedArticle[]): string {
  if (fact.kind === "quote") return `“${clip(fact.display, 120)}”`;
  if (fact.kind === "number" && fact.origin) {
    const a = articles[fact.origin.article];
    // The number with the word it counts: "100,000 deaths", "35 other cities", "12%".
    const after = a.text.slice(fact.origin.mention.end).match(/^(?:\s?%|\s+(?:(?:other|more|new|extra)\s+)?[\p{L}’'-]+)/u)?.[0] ?? "";
    // The word only when every article stating the figure counts that thing with it (digits or
    // words: "19 hours", "Nineteen hours"): "forces 3,400 from their homes" and "3,400 people
    // left" share "3,400", not "3,400 from".
    const word = after.trim().split(/\s+/).at(-1) ?? "";
    const counted = /^%?$/.test(word) || [...fact.articles].every((i) => articles[i].numberUnits.get(fact.origin!.mention.value)?.has(stem(word.toLowerCase())));
    return counted ? `${fact.display}${after}` : fact.display;
  }
  return fact.display;
}

function isSubset(small: Set<number>, big: Set<number>): boolean {
  for (const x of small) if (!big.has(x)) return false;
  return true;
}

function exampleSentence(facts: Fact[], cited: number[], articles: PreparedArticle[]) {
  let best: { article: PreparedArticle; text: string; score: number } | undefined;
  for (const i of cited) {
    for (const s of articles[i].sentences) {
      const lower = s.text.toLowerCase();
      const score = facts.filter((f) => lower.includes(f.kind === "number" ? f.display : f.display.toLowerCase())).length;
      if (score && (!best || score > best.score || (score === best.score && s.text.length < best.text.length))) {
        best = { article: articles[i], text: s.text, score };
      }
    }
  }
  return best;
}

/** The card's common points, strongest first (most outlets, then names and quotations before phrases). */
export function findCommonPoints(facts: Fact[], articles: PreparedArticle[]): CommonPoint[] {
  // Grouping compares facts pairwise: the work budget keeps the most widely shared ones.
  const shared = facts
    .filter((f) => f.outlets.size >= 2)
    .sort((a, b) => b.articles.size - a.articles.size || WEIGHT[b.kind] - WEIGHT[a.kind] || b.display.length - a.display.length)
    .slice(0, ANALYSIS_BUDGET.sharedFacts);
  const used = new Set<Fact>();
  const points: CommonPoint[] = [];
  for (const fact of shared) {
    if (points.length >= MAX_POINTS) break;
    if (used.has(fact)) continue;
    const group = shared
      .filter((g) => !used.has(g) && isSubset(fact.articles, g.articles))
      .sort((a, b) => WEIGHT[b.kind] - WEIGHT[a.kind])
      .filter((g, i, all) => !all.slice(0, i).some((h) => h.display.toLowerCase().includes(g.display.toLowerCase())))
      .slice(0, MAX_FACTS_PER_POINT);
    for (const g of group) used.add(g);
    // A pair of ordinary words shared by two outlets is too weak to call agreement.
    if (group.every((g) => g.kind === "phrase") && fact.outlets.size < 3) continue;
    const cited = [...fact.articles].sort((a, b) => a - b);
    const opening = cited.length === 2 ? "Both cited reports mention" : "All cited reports mention";
    const example = exampleSentence(group, cited, articles);
    const tail = example ? ` ${example.article.outlet.name}: “${clip(example.text, 200)}”` : "";
    points.push({ text: `${opening} ${listInWords(group.map((g) => factLabel(g, articles)))}.${tail}`, citations: cited, facts: group });
  }
  return points;
}
