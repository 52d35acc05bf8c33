/**
 * The local analyzer's summary: two or three sentences that stand alone, a bottom line first
 * (issue 32, docs/decisions/135-a-summary-that-stands-alone.md). First what happened: the fact
 * the most outlets report (the first common point, the widest), in an outlet's words, with how
 * many outlets report it. Then how coverage differs: one clause per outlet, taken from its lead
 * (its headline, else the first sentence of its lead, that says something the shared facts do
 * not), and which outlets gave only a headline. Last, when figures or claims conflict (or figures
 * differ), that line. It never lists bare names or figures. When no sentence is shared it says
 * what each outlet leads with, and it never suggests that the outlets describe different events:
 * the card exists because they tell one story.
 */
import { alreadyQuoted, clip, listInWords } from "../text/writing";
import type { Angle } from "./angles";
import { outletCount, type SharedFact } from "./common-points";
import type { Contradiction } from "./contradictions";
import type { PreparedArticle } from "./facts";
import type { FigureLine } from "./figures";
import type { Statement } from "./statements";

/**
 * A passage of an outlet's lead adds to the bottom line when it has this many terms the bottom
 * line lacks, and they are this share of its terms (a headline retelling the bottom line with one
 * clause more gives way to the lead sentence after it).
 */
const ADDS_TERMS = 3;
const ADDS_SHARE = 0.4;
/** An outlet's clause is taken from its headline and the first sentences of its lead, at most this many passages. */
const LEAD_PASSAGES = 4;
/** Each outlet's clause is cut to about this many characters, at the end of a clause (text/writing.ts clip). */
const CLAUSE_CHARS = 130;
/** The bottom line is cut to about this many characters. */
const BOTTOM_LINE_CHARS = 220;

interface Lead {
  outlet: string;
  /** What the outlet leads with that the bottom line does not say, cut to a clause. */
  passage?: string;
  /** The outlet supplied only a headline. */
  headlineOnly: boolean;
}

/**
 * Each outlet's lead, in the angles' order (one article per outlet, the one its angle speaks for):
 * the first passage of its headline and lead that the common points do not quote and that adds to
 * what they state (a shared fact is no difference).
 */
function leadsOf(
  angles: Angle[],
  statements: Statement[],
  articles: PreparedArticle[],
  points: SharedFact[],
): Lead[] {
  const stated = new Set(points.flatMap((p) => [...p.statement.terms.keys()]));
  const quoted = new Set(points.flatMap((p) => p.quotes));
  return angles.map((angle) => {
    const article = angle.citations[0];
    const mine = statements.filter((s) => s.article === article);
    const fresh = (s: Statement) => {
      if (!points.length) return s.terms.size > 0;
      const added = [...s.terms.keys()].filter((t) => !stated.has(t)).length;
      return !alreadyQuoted(s.text, quoted) && added >= ADDS_TERMS && added >= ADDS_SHARE * s.terms.size;
    };
    const adds = mine.slice(0, LEAD_PASSAGES).find(fresh);
    return {
      outlet: articles[article].outlet.name,
      passage: adds ? clip(adds.text, CLAUSE_CHARS) : undefined,
      headlineOnly: mine.length > 0 && mine.every((s) => s.headline),
    };
  });
}

/**
 * How coverage differs, outlet by outlet: "BBC News leads with “…”; The Guardian with “…”; CNN
 * gives only a headline, “…”". Outlets adding nothing to the bottom line are left out; outlets
 * that gave only a headline say so (the last clauses).
 */
function leadsSentence(leads: Lead[]): string | undefined {
  const clauses: string[] = [];
  for (const l of leads.filter((x) => x.passage && !x.headlineOnly))
    clauses.push(
      clauses.length ? `${l.outlet} with “${l.passage}”` : `${l.outlet} leads with “${l.passage}”`,
    );
  for (const l of leads.filter((x) => x.passage && x.headlineOnly))
    clauses.push(`${l.outlet} gives only a headline, “${l.passage}”`);
  const bare = leads.filter((x) => !x.passage && x.headlineOnly).map((x) => x.outlet);
  if (bare.length) clauses.push(`${listInWords(bare)} ${bare.length > 1 ? "give" : "gives"} only a headline`);
  return clauses.length ? clauses.join("; ") : undefined;
}

export interface SummaryInput {
  /** Each outlet once, named as its first article names it. */
  outlets: string[];
  /** The card's common points, widest first. */
  points: SharedFact[];
  angles: Angle[];
  statements: Statement[];
  articles: PreparedArticle[];
  figures: FigureLine[];
  contradictions: Contradiction[];
}

/** The summary of a card of two or more outlets. */
export function summaryOf(input: SummaryInput): string {
  const { outlets, angles, statements, articles, figures, contradictions } = input;
  const shared = input.points[0];
  const sentences: string[] = [];
  const leads = leadsSentence(leadsOf(angles, statements, articles, input.points));
  const count = (n: number) => outletCount(n, outlets.length);
  if (shared) {
    const quoted = articles[shared.statement.article].outlet.name;
    const passage = clip(shared.statement.text, BOTTOM_LINE_CHARS);
    const n = count(shared.outlets);
    sentences.push(
      shared.whole
        ? `In the words of ${quoted}, reported by ${n[0].toLowerCase()}${n.slice(1)}: “${passage}”`
        : `${n} report it, each with its own details; in the words of ${quoted}: “${passage}”`,
    );
    sentences.push(leads ?? `${outlets.length === 2 ? "Both outlets" : count(outlets.length)} tell it alike`);
  } else {
    // No sentence shared: what each outlet leads with (the card is one story, told several ways).
    sentences.push(`${count(outlets.length)} tell it their own way: ${leads ?? ""}`.replace(/: $/, ""));
  }
  // Then what conflicts: figures, claims, else figures that differ.
  const differ = figures.find((f) => f.conflict) ?? contradictions[0] ?? figures.find((f) => f.differ);
  if (differ) sentences.push("brief" in differ ? differ.brief : differ.text);
  // A sentence ending in a quoted passage still needs its full stop.
  return sentences.map((s) => (/[.!?…]”?$/.test(s) ? s : `${s}.`)).join(" ");
}
