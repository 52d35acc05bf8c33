/**
 * Small invented cards for the local analyzer's unit tests: an article from its outlet, title
 * and summary (no content), and the count of outlets the answer's first common point states.
 */
import type { AnalysisArticle } from "@/lib/schemas/analysis";

/** An article of an invented card: its outlet, title and summary, with no content. */
export const article = (source: string, title: string, summary: string): AnalysisArticle => ({
  source,
  title,
  summary,
  content: "",
});

/** The number of outlets the first common point says report it ("All four outlets", "Three of the four outlets"). */
export function firstCount(points: { text: string }[]): string | undefined {
  return /^(All \w+|Both|\w+ of the \w+) outlets/.exec(points[0]?.text ?? "")?.[1];
}
