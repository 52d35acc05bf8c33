/**
 * Common points: the shared facts, each stated in a sentence taken from an article. Every
 * statement (headline or lead sentence) is compared with every other outlet's text, words
 * case-folded, stemmed and with demonyms folded, verbs included: an outlet reports a statement
 * when its text holds two fifths of the statement's terms (names counting double) and two or
 * more of them. The statement that the most outlets report most fully is the first common
 * point; the next ones, from other articles, must add shared content the earlier ones do not
 * state. Each point cites the article it quotes and every article of another outlet that
 * reports it.
 */
import type { CitedPoint } from "@/lib/schemas/analysis";
import { countInWords, REPORTS_SHARE, REPORTS_TERMS, termsHeld } from "../text";
import type { PreparedArticle } from "./facts";
import type { WorkBudget } from "../work-budget";
import type { ArticleVocabulary, Statement } from "./statements";

const MAX_POINTS = 3;
/** Of a statement's weighted terms, the share another article must hold to report it (besides text.ts's plain share). */
const SUPPORT_SHARE = 0.4;
/** A later point must add this many shared terms the earlier points do not state … */
const NEW_TERMS = 2;
/** … and at most this share of what it shares may be stated already (else it retells the first point). */
const RETOLD_SHARE = 0.5;

export interface SharedFact extends CitedPoint {
  statement: Statement;
  /** Distinct outlets reporting it, the quoting one included. */
  outlets: number;
  /** Terms the cited articles share with the statement. */
  shared: Set<string>;
}

interface Candidate {
  statement: Statement;
  /** Articles of other outlets reporting it. */
  supporters: number[];
  outlets: number;
  shared: Set<string>;
  score: number;
}

function weightOf(terms: Map<string, number>, keys: Iterable<string>): number {
  let w = 0;
  for (const k of keys) w += terms.get(k) ?? 0;
  return w;
}

/** How strongly other outlets report a statement. */
function assess(
  statement: Statement,
  articles: PreparedArticle[],
  vocabularies: ArticleVocabulary[],
): Candidate {
  const own = articles[statement.article].outlet.key;
  const total = weightOf(statement.terms, statement.terms.keys());
  const supporters: number[] = [];
  const outlets = new Set<string>([own]);
  const shared = new Set<string>();
  let coverage = 0;
  const bestPerOutlet = new Map<string, number>();
  for (const a of articles) {
    if (a.outlet.key === own) continue;
    const held = [...statement.terms.keys()].filter((t) => vocabularies[a.index].terms.has(t));
    const share = total ? weightOf(statement.terms, held) / total : 0;
    // Weighted (names count double) and plain, as the grounding check counts (text.ts termsHeld).
    const plain = termsHeld([...statement.terms.keys()], vocabularies[a.index].terms);
    if (held.length < REPORTS_TERMS || share < SUPPORT_SHARE || plain.share < REPORTS_SHARE) continue;
    supporters.push(a.index);
    outlets.add(a.outlet.key);
    for (const t of held) shared.add(t);
    bestPerOutlet.set(a.outlet.key, Math.max(bestPerOutlet.get(a.outlet.key) ?? 0, share));
  }
  for (const share of bestPerOutlet.values()) coverage += share;
  // More outlets first; then how much of the statement they hold and how much it says (a fuller
  // sentence states the fact better than a clipped headline); an incomplete passage reads worse.
  // A headline of three or four words matches the story's topic words in any article: it weighs less.
  const short = statement.terms.size < 5 ? 0.5 : 0;
  const score =
    coverage +
    0.04 * Math.min(weightOf(statement.terms, shared), 14) -
    (statement.complete ? 0 : 0.3) -
    short;
  return { statement, supporters, outlets: outlets.size, shared, score };
}

/** "All four outlets", "Both outlets", "Three of the five outlets". */
export function outletCount(reporting: number, total: number): string {
  if (reporting === total) return total === 2 ? "Both outlets" : `All ${countInWords(total)} outlets`;
  const n = countInWords(reporting);
  return `${n[0].toUpperCase()}${n.slice(1)} of the ${countInWords(total)} outlets`;
}

/** The card's shared facts, strongest first (each statement is compared with every article: the work yields between statements). */
export async function findCommonPoints(
  statements: Statement[],
  articles: PreparedArticle[],
  vocabularies: ArticleVocabulary[],
  budget: WorkBudget,
): Promise<SharedFact[]> {
  const outletTotal = new Set(articles.map((a) => a.outlet.key)).size;
  if (outletTotal < 2) return [];
  const assessed: Candidate[] = [];
  for (const s of statements) {
    assessed.push(assess(s, articles, vocabularies));
    await budget.checkpoint();
  }
  const candidates = assessed
    .filter((c) => c.supporters.length > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.statement.article - b.statement.article ||
        a.statement.order - b.statement.order,
    );
  const stated = new Set<string>();
  const quotedArticles = new Set<number>();
  const points: SharedFact[] = [];
  for (const c of candidates) {
    if (points.length >= MAX_POINTS) break;
    // One point per article: its headline and lead tell one fact twice.
    if (quotedArticles.has(c.statement.article)) continue;
    const fresh = [...c.shared].filter((t) => !stated.has(t));
    if (points.length && (fresh.length < NEW_TERMS || 1 - fresh.length / c.shared.size > RETOLD_SHARE))
      continue;
    // Every term it shares, and every term it states: a later point repeating the first in other words adds nothing.
    for (const t of c.statement.terms.keys()) stated.add(t);
    quotedArticles.add(c.statement.article);
    const quoted = articles[c.statement.article].outlet.name;
    const citations = [...new Set([c.statement.article, ...c.supporters])].sort((a, b) => a - b);
    points.push({
      text: `${outletCount(c.outlets, outletTotal)} report this; in the words of ${quoted}: “${c.statement.text}”`,
      citations,
      statement: c.statement,
      outlets: c.outlets,
      shared: c.shared,
    });
  }
  return points;
}
