/** The bias and accuracy bands of SPEC §9, and the colours the page paints them in. */

export type Tone = "green" | "amber" | "red";

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

/** Tailwind classes per tone, chosen for at least 4.5:1 text contrast. */
export const TONE_BADGE: Record<Tone, string> = {
  green: "bg-green-100 text-green-800 border-green-300",
  amber: "bg-amber-100 text-amber-900 border-amber-300",
  red: "bg-red-100 text-red-800 border-red-300",
};

export const TONE_BAR: Record<Tone, string> = {
  green: "bg-green-600",
  amber: "bg-amber-500",
  red: "bg-red-600",
};

export const TONE_TEXT: Record<Tone, string> = {
  green: "text-green-700",
  amber: "text-amber-800",
  red: "text-red-700",
};
