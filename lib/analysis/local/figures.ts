/**
 * Figures side by side: numbers that measure the same thing in two or more outlets (the same
 * word counted after them, "10,000 people" and "9,500 people"), compared in one line with each
 * outlet's own wording and qualifier ("BBC News: at least 10,000 people; CNN: more than 9,500
 * people"), counts in words as their digits ("three videos" and "3 videos", lib/analysis/local/count-mentions.ts). Dates are never figures (lib/text/terms.ts). Each figure is read with its qualifier
 * as a range ("more than 20" is 20 and up, "up to 25,000" at most 25,000, "about 100" within a
 * tenth of it): figures whose ranges cannot both hold conflict and the line says so; figures that
 * differ but can both hold ("more than 20" and "20", "at least 10,000" and "more than 9,500") are
 * said to differ without conflict; equal ones agree. Synonyms count one thing (lib/text/synonyms.ts:
 * "migrants" and "immigrants"). A conflict needs the same thing counted: figures whose counted
 * phrases have different head words, or (when the values differ) one narrowed by words the other
 * lacks ("20,000 unaccompanied migrant children", "25,000 immigrants"), are set side by side as
 * counts of different things, never as a conflict, and not counted in the accuracy. An outlet that
 * writes one figure with and without a qualifier ("25,000 immigrants", "up to 25,000 immigrants")
 * is read by its qualified range. What befell what is counted is part of it ("200 people were
 * arrested" is no count of the crowd: issue 32). docs/decisions/036-figures-compared.md.
 */
import type { CitedPoint } from "@/lib/schemas/analysis";
import { PERCENT, PROSE_SCALE_ABBREVIATIONS, scaleWords } from "@/lib/text/magnitudes";
import { termOf } from "@/lib/text/terms";
import { listInWords } from "../text/writing";
import type { PreparedArticle } from "./facts";
import { PEOPLE, type Figure } from "./statement-figures";
import type { Statement } from "./statements";

const MAX_FIGURE_LINES = 3;
/**
 * Words after a number that say its size, not what it counts, as terms: the scales from a hundred,
 * percent (and the "per" of "per cent"), and the abbreviations of scales (decision 150).
 */
const MAGNITUDES: ReadonlySet<string> = new Set([
  ...[...scaleWords(100, 1_000_000_000_000), PERCENT, "per"].map((w) => termOf(w)),
  ...PROSE_SCALE_ABBREVIATIONS,
]);

export interface FigureLine extends CitedPoint {
  /** The figures differ between outlets. */
  differ: boolean;
  /** Their ranges cannot all hold: a contradiction (only of figures counting the same thing). */
  conflict: boolean;
  /** They count the same thing (the same head word, narrowed by the same words). */
  sameThing: boolean;
  /** What they count ("migrant"), for the accuracy method line. */
  unit: string;
  figures: Figure[];
}

/**
 * Words for the people in a crowd, as terms: a count of "people" (or a vague magnitude opening a
 * clause, "Thousands march") is set beside counts of these as one crowd. People include the
 * supporters, so such figures never conflict: they can both hold or count different things.
 */
const CROWD_HEADS: ReadonlySet<string> = new Set(
  "people supporters protesters demonstrators marchers participants activists mourners spectators"
    .split(" ")
    .map((w) => termOf(w)),
);

/** Qualifier → how far a figure's range reaches below and above its value (as shares of it). */
const LOWER_BOUNDS = /^(?:at least|more than|over|some)\b/;
const UPPER_BOUNDS = /^(?:up to|as many as|fewer than|less than|under)\b/;
const APPROXIMATE = /^(?:nearly|almost|around|about|roughly|an estimated|estimated)\b/;
/** "About 100" reaches this share either side. */
const APPROXIMATE_SHARE = 0.1;

/** The range a figure states, from its qualifier (a vague magnitude's own range: "thousands" is 1,000 and up). */
export function figureRange(f: Pick<Figure, "value" | "text" | "range">): [number, number] {
  if (f.range) return f.range;
  const v = Number(f.value);
  const q = f.text.toLowerCase();
  if (LOWER_BOUNDS.test(q)) return [v, Infinity];
  if (UPPER_BOUNDS.test(q)) return [0, v];
  if (APPROXIMATE.test(q)) return [v * (1 - APPROXIMATE_SHARE), v * (1 + APPROXIMATE_SHARE)];
  return [v, v];
}

/** Whether some one value lies in every figure's range (counts of something besides are left out). */
function canAllHold(figures: Figure[]): boolean {
  const ranges = figures.filter((f) => !f.besideAnother).map(figureRange);
  if (ranges.length < 2) return true;
  return Math.max(...ranges.map((r) => r[0])) <= Math.min(...ranges.map((r) => r[1]));
}

/**
 * What a figure counts: its head word (the last, not a size word) with what befell it ("people"
 * arrested are not "people", nor "protesters": issue 32), and the words narrowing it.
 */
function counted(f: Figure): { head: string; qualifiers: string } | undefined {
  // The head word counted: the last one ("train cars" counts cars, "US cities" cities).
  const head = [...f.units].reverse().find((u) => !MAGNITUDES.has(u));
  if (!head) return undefined;
  return {
    head: f.fate ? `${head} ${f.fate}` : head,
    qualifiers: f.qualifiers
      .filter((q) => !MAGNITUDES.has(q))
      .sort()
      .join(" "),
  };
}

/** Whether a figure states a range of its own ("up to 25,000") rather than the value alone. */
function qualified(f: Figure): boolean {
  const [low, high] = figureRange(f);
  return low !== high;
}

/**
 * Each outlet's figure for one thing: its first, unless the outlet gives the same value with a
 * qualifier elsewhere ("25,000 immigrants" in a headline, "up to 25,000 immigrants" below it),
 * whose range is then the outlet's.
 */
function byOutlet(
  figures: Figure[],
  articles: PreparedArticle[],
  same: (a: Figure, b: Figure) => boolean,
): Map<string, Figure> {
  const out = new Map<string, Figure>();
  for (const f of figures) {
    const outlet = articles[f.article].outlet.key;
    const first = out.get(outlet);
    if (!first) out.set(outlet, f);
    else if (first.value === f.value && same(first, f) && !qualified(first) && qualified(f))
      out.set(outlet, f);
    // A count stands for the outlet over a vague magnitude ("Thousands join …", "around 100,000
    // supporters"); of two vague ones, the closer ("thousands march", "tens of thousands").
    else if (first.range && !f.range) out.set(outlet, f);
    else if (first.range && f.range && same(first, f) && f.range[0] > first.range[0]) out.set(outlet, f);
  }
  return out;
}

/** The card's comparable figures, differing ones first. */
export function findFigures(statements: Statement[], articles: PreparedArticle[]): FigureLine[] {
  const all = statements.flatMap((s) => s.figures).filter((f) => counted(f));
  const what = new Map(all.map((f) => [f, counted(f)!]));
  const sameThing = (a: Figure, b: Figure) =>
    what.get(a)!.head === what.get(b)!.head && what.get(a)!.qualifiers === what.get(b)!.qualifiers;
  // Head word → its figures, in the card's order.
  const byHead = new Map<string, Figure[]>();
  for (const f of all) {
    const head = what.get(f)!.head;
    const same = byHead.get(head);
    if (same) same.push(f);
    else byHead.set(head, [f]);
  }
  // A count of people (or a vague magnitude opening a clause: "Thousands march") beside counts of
  // the crowd's members ("100,000 supporters"): one crowd, compared first.
  const crowd = all.filter((f) => CROWD_HEADS.has(what.get(f)!.head));
  const groups: Figure[][] = [
    ...(crowd.some((f) => what.get(f)!.head === PEOPLE) &&
    new Set(crowd.map((f) => what.get(f)!.head)).size > 1
      ? [crowd]
      : []),
    ...byHead.values(),
  ];
  // Then figures whose counted phrases share a word that is the head of one of them ("20,000
  // unaccompanied migrant children" and "25,000 immigrants"): set side by side as counts of
  // different things. A head no figure is narrowed by would only repeat its own group above.
  const narrowing = new Set(all.flatMap((f) => f.qualifiers));
  for (const head of byHead.keys())
    if (narrowing.has(head))
      groups.push(all.filter((f) => what.get(f)!.head === head || f.qualifiers.includes(head)));
  const lines: FigureLine[] = [];
  const used = new Set<Figure>();
  for (const group of groups) {
    const perOutlet = byOutlet(
      group.filter((f) => !used.has(f)),
      articles,
      sameThing,
    );
    const figures = [...perOutlet.values()];
    if (figures.length < 2) continue;
    // Each outlet's figure stands for its others in the group (a later group brings none back).
    for (const f of group) if (perOutlet.has(articles[f.article].outlet.key)) used.add(f);
    const differ = new Set(figures.map((f) => f.value)).size > 1;
    // A conflict needs the same thing counted: another head word, or (when the values differ) an
    // extra word narrowing one phrase ("unaccompanied children", "children"), makes the figures
    // counts of different things, never a conflict. Equal counts agree ("three short videos", "three Navy videos").
    const sameHead = figures.every((f) => what.get(f)!.head === what.get(figures[0])!.head);
    const same = sameHead && (!differ || figures.every((f) => sameThing(f, figures[0])));
    const conflict = same && !canAllHold(figures);
    // People and the supporters among them: the counts may both hold, never conflict.
    const oneCrowd =
      !sameHead && figures.every((f) => CROWD_HEADS.has(what.get(f)!.head)) && canAllHold(figures);
    const parts = figures.map((f) => `${articles[f.article].outlet.name}: ${f.text}`);
    const verdict = oneCrowd
      ? "The figures differ but can both hold"
      : !same
        ? "The figures count different things"
        : conflict
          ? "The figures conflict"
          : differ
            ? "The figures differ but can both hold"
            : "The figures agree";
    // As the outlets write it ("people", not the stem "peopl").
    const word = (f: Figure) => /(\p{L}+)$/u.exec(f.text)?.[1].toLowerCase() ?? what.get(f)!.head;
    lines.push({
      text: `${verdict}: ${parts.join("; ")}.`,
      citations: [...new Set(figures.map((f) => f.article))].sort((a, b) => a - b),
      differ,
      conflict,
      sameThing: same,
      unit: same ? word(figures[0]) : listInWords([...new Set(figures.map(word))]),
      figures,
    });
  }
  // Conflicts first, then other differences, then agreement, then counts of different things.
  const rank = (l: FigureLine) => (!l.sameThing ? 0 : l.conflict ? 3 : l.differ ? 2 : 1);
  return lines.sort((a, b) => rank(b) - rank(a)).slice(0, MAX_FIGURE_LINES);
}
