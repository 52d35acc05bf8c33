/**
 * Each outlet's angle: what it leads with, from its headline and first sentence. One line per
 * outlet, quoting the headline, and the first sentence of its lead when that sentence adds to
 * the headline; an outlet that supplied only a headline is said to have done so. When an outlet
 * has several articles in the card, the one closest to the story (sharing most with the other
 * outlets) speaks for it. A sentence the shared facts already quote is not quoted again: a
 * headline they quote reads "leads with the shared report above", and the added sentence is the
 * first of the lead not quoted yet, or the first clause not quoted yet of a sentence they quote in
 * part (decision 037).
 */
import type { CitedPoint } from "@/lib/schemas/analysis";
import { alreadyQuoted, clip } from "../text/writing";
import type { PreparedArticle } from "./facts";
import type { Statement } from "./statements";
import type { ArticleVocabulary } from "./vocabulary";

/** A first sentence adds to the headline when it has this many terms the headline has not. */
const ADDS_TERMS = 3;
const MAX_ADDED_CHARS = 260;

export interface Angle extends CitedPoint {
  /** The passages it quotes, as its text writes them between “ and ”. */
  quotes: string[];
}

/**
 * How much each article shares with the other outlets' articles: for each of its terms, how many
 * other outlets write it. One pass over the card's vocabularies (a sort comparing articles by a
 * fresh count each time was quadratic in a card of one outlet's many articles).
 */
function centralities(articles: PreparedArticle[], vocabularies: ArticleVocabulary[]): number[] {
  const outletsOf = new Map<string, Set<string>>();
  for (const a of articles) {
    for (const t of vocabularies[a.index].terms) {
      const set = outletsOf.get(t) ?? new Set<string>();
      set.add(a.outlet.key);
      outletsOf.set(t, set);
    }
  }
  return articles.map((a) => {
    let n = 0;
    for (const t of vocabularies[a.index].terms) n += outletsOf.get(t)!.size - 1;
    return n;
  });
}

/** One angle per outlet, in the card's order of outlets. */
export function findAngles(
  statements: Statement[],
  articles: PreparedArticle[],
  vocabularies: ArticleVocabulary[],
  quoted: ReadonlySet<string> = new Set(),
): Angle[] {
  const byOutlet = new Map<string, PreparedArticle[]>();
  for (const a of articles) byOutlet.set(a.outlet.key, [...(byOutlet.get(a.outlet.key) ?? []), a]);
  if (byOutlet.size < 2) return [];
  const angles: Angle[] = [];
  let computed: number[] | undefined;
  const central = () => (computed ??= centralities(articles, vocabularies));
  for (const own of byOutlet.values()) {
    const article =
      own.length === 1
        ? own[0]
        : [...own].sort((a, b) => central()[b.index] - central()[a.index] || a.index - b.index)[0];
    const mine = statements.filter((s) => s.article === article.index);
    const headline = mine.find((s) => s.headline);
    const lead = mine.filter((s) => !s.headline);
    const name = article.outlet.name;
    if (!headline && !lead.length) continue;
    const isQuoted = (s: Statement) => alreadyQuoted(s.text, quoted);
    // A sentence the shared facts quote in part (one clause) still adds its other clauses.
    const fresh = lead.flatMap((s) => (!isQuoted(s) ? [s] : (s.clauses ?? []).filter((c) => !isQuoted(c))));
    const quotes: string[] = [];
    const quote = (passage: string) => {
      quotes.push(passage);
      return `“${passage}”`;
    };
    const said = (s: Statement) => (isQuoted(s) ? "the shared report above" : quote(s.text));
    let text: string;
    if (!headline)
      text = `${name} leads with ${fresh.length ? quote(clip(fresh[0].text, MAX_ADDED_CHARS)) : "the shared report above"}`;
    else if (!lead.length)
      text = isQuoted(headline)
        ? `${name} gives only a headline, the shared report above`
        : `${name} gives only a headline: ${said(headline)}`;
    else {
      const adds = fresh.find(
        (s) => [...s.terms.keys()].filter((t) => !headline.terms.has(t)).length >= ADDS_TERMS,
      );
      text = adds
        ? `${name} leads with ${said(headline)} and adds: ${quote(clip(adds.text, MAX_ADDED_CHARS))}`
        : `${name} leads with ${said(headline)}`;
    }
    angles.push({ text, citations: [article.index], quotes });
  }
  return angles;
}
