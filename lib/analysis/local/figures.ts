/**
 * Figures side by side: numbers that measure the same thing in two or more outlets (the same
 * word counted after them, "10,000 people" and "9,500 people"), compared in one line with each
 * outlet's own wording and qualifier ("BBC News: at least 10,000 people; CNN: more than 9,500
 * people"). Dates are never figures (lib/text/terms.ts). When the figures differ the line
 * says so; when they agree it says that.
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
  figures: Figure[];
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
  for (const perOutlet of byUnit.values()) {
    const figures = [...perOutlet.values()].filter((f) => !used.has(f));
    if (figures.length < 2) continue;
    for (const f of figures) used.add(f);
    const differ = new Set(figures.map((f) => f.value)).size > 1;
    const parts = figures.map((f) => `${articles[f.article].outlet.name}: ${f.text}`);
    lines.push({
      text: `${differ ? "The figures differ" : "The figures agree"}: ${parts.join("; ")}.`,
      citations: [...new Set(figures.map((f) => f.article))].sort((a, b) => a - b),
      differ,
      figures,
    });
  }
  return lines.sort((a, b) => Number(b.differ) - Number(a.differ)).slice(0, MAX_FIGURE_LINES);
}
