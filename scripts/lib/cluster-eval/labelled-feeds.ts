/**
 * Reads a labelled feed day (JSON Lines: id, story, outlet, date, title, summary) into clusterer
 * input plus the ground truth. Real RSS items with their summaries: the closest thing to what the
 * product clusters in production. Each item's outlet stands for its source.
 */
import { z } from "zod";
import type { LabelledArticles } from "@/scripts/lib/cluster-eval/uci-dataset";

const labelledItem = z.object({
  id: z.string().min(1),
  story: z.string().min(1),
  outlet: z.string().min(1),
  date: z.string().optional().default(""),
  title: z.string(),
  summary: z.string().optional().default(""),
  link: z.string().optional().default(""),
});

/** Parses the JSONL text; throws naming the line when one is not a labelled item. */
export function parseLabelledJsonl(text: string): LabelledArticles {
  const items = text.split("\n").flatMap((line, index) => {
    if (!line.trim()) return [];
    const parsed = labelledItem.safeParse(JSON.parse(line));
    if (!parsed.success)
      throw new Error(`Line ${index + 1} is not a labelled item: ${parsed.error.issues[0]?.message}`);
    const time = parsed.data.date ? Date.parse(parsed.data.date) : NaN;
    return [{ ...parsed.data, time: Number.isFinite(time) ? time : NaN }];
  });
  // Ingest dates an undated item by when it was fetched; the capture is the latest date of the day.
  const captured = Math.max(0, ...items.map((i) => (Number.isNaN(i.time) ? 0 : i.time)));
  const articles: LabelledArticles["articles"] = [];
  const truth = new Map<string, string>();
  for (const item of items) {
    if (truth.has(item.id)) throw new Error(`The id ${item.id} appears twice.`);
    const publishedAt = new Date(Number.isNaN(item.time) ? captured : item.time);
    articles.push({
      id: item.id,
      title: item.title,
      summary: item.summary,
      url: item.link,
      sourceId: item.outlet,
      publishedAt,
    });
    truth.set(item.id, item.story);
  }
  return { articles, truth };
}
