/** The bias and accuracy bands of docs/product.md §9, and the colours the page paints them in. */
import type { BiasRating } from "@/lib/sources/registry";
import type { AiAnalysis } from "./types";

/** Band colours, and neutral for a figure that grades nothing (the product's corroboration share). */
export type Tone = "green" | "amber" | "red" | "neutral";

/** Bias score (-1 left .. +1 right) banded on its absolute value. */
export function biasLabel(score: number): string {
  const magnitude = Math.abs(score);
  if (magnitude < 0.2) return "Neutral";
  const side = score < 0 ? "Left" : "Right";
  return magnitude < 0.5 ? `Slight ${side}` : `${side} Leaning`;
}

/** Factual accuracy 0..100: 'Excellent' (green) at 90+, 'Good' (amber) at 70+, else 'Needs Review' (red). */
export function accuracyBand(score: number): { label: "Excellent" | "Good" | "Needs Review"; tone: Tone } {
  if (score >= 90) return { label: "Excellent", tone: "green" };
  if (score >= 70) return { label: "Good", tone: "amber" };
  return { label: "Needs Review", tone: "red" };
}

/** How a card shows its factual-accuracy figure: the gauge's heading and label, the header's badge. */
export interface AccuracyFigure {
  heading: string;
  label: string;
  badge: string;
  tone: Tone;
  /** The share the gauge shows, 0..100; null when the analyzer had nothing to measure it on. */
  percent: number | null;
  /** One line under the gauge saying what the figure is. */
  note?: string;
}

const details = (n: number) => (n === 1 ? "detail" : "details");

/**
 * Whichever provider answered, the figure is the product's own corroboration share (decision 081,
 * docs/decisions/130-model-answer-shape.md), not a grade: it is said as what was measured ("8 of 9
 * compared details agree between outlets": of the names and figures two or more outlets give, the
 * share they give alike), in neutral colours, because a story few outlets repeat in detail is not
 * thereby wrong. Only a model's answer stored before the product measured it itself (no counts, a
 * method that is not corroboration) keeps docs/product.md §9's bands ('N% Factual', 'Excellent' / 'Good' /
 * 'Needs Review').
 */
export function accuracyFigure(
  a: Pick<AiAnalysis, "factualAccuracy" | "factualAccuracyMethod" | "provider" | "corroboration">,
): AccuracyFigure {
  const percent = Math.round(a.factualAccuracy);
  const corroboration =
    a.corroboration !== undefined ||
    a.provider?.kind === "local" ||
    (a.factualAccuracyMethod ?? "").startsWith("Corroboration");
  if (!corroboration) {
    const band = accuracyBand(a.factualAccuracy);
    return {
      heading: "Factual Accuracy",
      label: band.label,
      badge: `${percent}% Factual`,
      tone: band.tone,
      percent,
      note: a.factualAccuracyMethod,
    };
  }
  const figure = {
    heading: "Corroboration",
    tone: "neutral" as const,
    percent,
    note: "It measures agreement between outlets, not truth; details only one outlet gives are not counted.",
  };
  const c = a.corroboration;
  // An answer cached before the counts were sent has only the share.
  if (!c)
    return {
      ...figure,
      label: `${percent}% of details reported by two or more outlets`,
      badge: `${percent}% corroborated`,
    };
  // Nothing compared is no measurement: no "0%" a reader would take for a failing grade.
  if (c.total === 0)
    return {
      ...figure,
      percent: null,
      label: "No names or figures to cross-check between outlets",
      badge: "Nothing to cross-check",
    };
  return {
    ...figure,
    label: `${c.corroborated} of ${c.total} compared ${details(c.total)} ${c.corroborated === 1 ? "agrees" : "agree"} between outlets`,
    badge: `${c.corroborated} of ${c.total} ${details(c.total)} corroborated`,
  };
}

/** Tailwind classes per tone, chosen for at least 4.5:1 text contrast. */
export const TONE_BADGE: Record<Tone, string> = {
  green: "bg-green-100 text-green-800 border-green-300",
  amber: "bg-amber-100 text-amber-900 border-amber-300",
  red: "bg-red-100 text-red-800 border-red-300",
  neutral: "bg-slate-100 text-slate-800 border-slate-300",
};

export const TONE_BAR: Record<Tone, string> = {
  green: "bg-green-600",
  amber: "bg-amber-500",
  red: "bg-red-600",
  neutral: "bg-slate-500",
};

export const TONE_TEXT: Record<Tone, string> = {
  green: "text-green-700",
  amber: "text-amber-800",
  red: "text-red-700",
  neutral: "text-slate-800",
};

/**
 * The colour of each bias rating, the one the card's bias bar paints (decision 048) and the
 * outlet page's rating chip wears; `text` is the chip's text on it, at least 4.5:1 (white on
 * slate-400 would be 2.6:1).
 */
export const RATING_COLOR: Record<BiasRating, { fill: string; text: string }> = {
  "center-left": { fill: "bg-blue-600", text: "text-white" },
  center: { fill: "bg-slate-400", text: "text-slate-900" },
  "center-right": { fill: "bg-red-600", text: "text-white" },
};
