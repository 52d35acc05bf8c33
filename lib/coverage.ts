/**
 * How a story's coverage grew: which outlet reported it first, when the last report came, and
 * every report in the order it was published. Plain code shared by the server (the `coverage`
 * of GET /comparison-cards/{id}) and the browser (the card's coverage line), so both tell it alike.
 */
import type { Coverage } from "@/lib/schemas/cards";

/** What a report needs to be placed on the timeline: a card article or a full article. */
interface Report {
  id: string;
  source: { id: string };
  publishedAt: string;
}

/**
 * The coverage of a story from its reports, oldest first; reports published at the same moment
 * keep the card's order (the main headline first). A card always holds at least one report.
 */
export function storyCoverage(reports: Report[]): Coverage {
  if (reports.length === 0) throw new Error("A story's coverage needs at least one report.");
  const timeline = reports
    .map((r) => ({ sourceId: r.source.id, articleId: r.id, publishedAt: r.publishedAt }))
    .sort((a, b) => Date.parse(a.publishedAt) - Date.parse(b.publishedAt));
  const [first] = timeline;
  return {
    firstPublishedAt: first.publishedAt,
    firstSourceId: first.sourceId,
    lastPublishedAt: timeline[timeline.length - 1].publishedAt,
    timeline,
  };
}
