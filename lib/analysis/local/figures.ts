/**
 * Figures side by side: numbers that measure the same thing in two or more outlets (the same
 * word counted after them, "10,000 people" and "9,500 people"), compared in one line with each
 * outlet's own wording and qualifier ("BBC News: at least 10,000 people; CNN: more than 9,500
 * people"), counts in words as their digits ("three videos" and "3 videos", lib/analysis/local/statements.ts). Dates are never figures (lib/text/terms.ts). Each figure is read with its qualifier
 * as a range ("more than 20" is 20 and up, "up to 25,000" at most 25,000, "about 100" within a
 * tenth of it): figures whose ranges cannot both hold conflict and the line says so; figures that
 * differ but can both hold ("more than 20" and "20", "at least 10,000" and "more than 9,500") are
 * said to differ without conflict; equal ones agree. Synonyms count one thing (lib/text/synonyms.ts:
 * "migrants" and "immigrants"). docs/decisions/036-figures-compared.md.
 */
import type { CitedPoint } from "@/lib/schemas/analysis";
import type { PreparedArticle } from "./facts";
import type { Figure, Statement } from "./statements";

const MAX_FIGURE_LINES = 3;
/** Words after a number that say its size, not what it counts. */
const MAGNITUDES = new Set([
  "hundr",
  "thousand",
  "million",
  "billion",
  "trillion",
  "percent",
  "per",
  "bn",
  "mn",
  "m",
  "k",
]);

export interface FigureLine extends CitedPoint {
  /** The figures differ between outlets. */
  differ: boolean;
  /** Their ranges cannot all hold: a contradiction. */
  conflict: boolean;
  /** What they count ("migrant"), for the accuracy method line. */
  unit: string;
  figures: Figure[];
}

/** Qualifier → how far a figure's range reaches below and above its value (as shares of it). */
const LOWER_BOUNDS = /^(?:at least|more than|over|some)\b/;
const UPPER_BOUNDS = /^(?:up to|as many as|fewer than|less than|under)\b/;
const APPROXIMATE = /^(?:nearly|almost|around|about|roughly|an estimated|estimated)\b/;
/** "About 100" reaches this share either side. */
const APPROXIMATE_SHARE = 0.1;

/** The range a figure states, from its qualifier. */
export function figureRange(f: Pick<Figure, "value" | "text">): [number, number] {
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

/** The card's comparable figures, differing ones first. */
export function findFigures(statements: Statement[], articles: PreparedArticle[]): FigureLine[] {
  // unit → outlet → its first figure for that unit.
  const byUnit = new Map<string, Map<string, Figure>>();
  for (const s of statements) {
    for (const f of s.figures) {
      // The head word counted: the last one ("train cars" counts cars, "US cities" cities).
      const unit = [...f.units].reverse().find((u) => !MAGNITUDES.has(u));
      if (!unit) continue;
      const perOutlet = byUnit.get(unit) ?? new Map<string, Figure>();
      const outlet = articles[f.article].outlet.key;
      if (!perOutlet.has(outlet)) perOutlet.set(outlet, f);
      byUnit.set(unit, perOutlet);
    }
  }
  const lines: FigureLine[] = [];
  const used = new Set<Figure>();
  for (const [unit, perOutlet] of byUnit) {
    const figures = [...perOutlet.values()].filter((f) => !used.has(f));
    if (figures.length < 2) continue;
    for (const f of figures) used.add(f);
    const conflict = !canAllHold(figures);
    const differ = conflict || new Set(figures.map((f) => f.value)).size > 1;
    const parts = figures.map((f) => `${articles[f.article].outlet.name}: ${f.text}`);
    const verdict = conflict
      ? "The figures conflict"
      : differ
        ? "The figures differ but can both hold"
        : "The figures agree";
    lines.push({
      text: `${verdict}: ${parts.join("; ")}.`,
      citations: [...new Set(figures.map((f) => f.article))].sort((a, b) => a - b),
      differ,
      conflict,
      // As the first outlet writes it ("people", not the stem "peopl").
      unit: /(\p{L}+)$/u.exec(figures[0].text)?.[1].toLowerCase() ?? unit,
      figures,
    });
  }
  // Conflicts first, then other differences, then agreement.
  const rank = (l: FigureLine) => (l.conflict ? 2 : l.differ ? 1 : 0);
  return lines.sort((a, b) => rank(b) - rank(a)).slice(0, MAX_FIGURE_LINES);
}
