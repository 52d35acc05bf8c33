/**
 * Real overlapping coverage for the analyzer's tests and benchmark: the 2020-05-31 dev feeds
 * (../shared/data/feeds/dev), where several outlets cover the George Floyd protests and the
 * SpaceX crewed launch. Read in place, never copied into the repo (data/README.md).
 */
import fs from "node:fs";
import path from "node:path";
import Parser from "rss-parser";
import { decodeHTML } from "entities";
import type { AnalysisArticle } from "@/lib/schemas/analysis";

export const DEV_FEEDS = path.resolve(process.cwd(), "..", "shared", "data", "feeds", "dev");

/** The outlet each 2020-05-31 file comes from, as a request would name it. */
const OUTLETS: Record<string, string> = {
  "bbc-home-2020-05-31.xml": "BBC News",
  "cnn-international-2020-05-31.xml": "CNN",
  "fox-latest-2020-05-31.xml": "Fox News",
  "wsj-world-2020-05-31.xml": "Wall Street Journal",
  "aljazeera-youtube-atom-2020-05-31.xml": "Al Jazeera",
  "other-nytimes-us-2020-05-31.xml": "The New York Times",
  "other-dailymail-articles-2020-05-31.xml": "Daily Mail",
  "other-latimes-california-2020-05-31.xml": "Los Angeles Times",
  "other-smh-latest-2020-05-31.xml": "The Sydney Morning Herald",
  "other-nzherald-top-2020-05-31.xml": "NZ Herald",
  "other-straitstimes-singapore-2020-05-31.xml": "The Straits Times",
};
const GUARDIAN_JSON = path.join("derived-rumca-2020-05-31", "2020-05-31_https.www.theguardian.comrss_entries.json");

export interface DevItem {
  outlet: string;
  title: string;
  text: string;
}

function plain(html: string | undefined): string {
  // Tags become spaces ("<p>mission</p><p>First" must not read "missionFirst").
  return decodeHTML((html ?? "").replace(/<\/?(?:p|br|li|ul|ol|div|h\d)\b[^>]*>/gi, " ").replace(/<[^>]*>/g, ""))
    .replace(/Continue reading\.\.\./g, "")
    .replace(/\s+/g, " ")
    .trim();
}

let cache: DevItem[] | undefined;

/** Every item of the 2020-05-31 dev feeds, as plain text, with its outlet. */
export async function devItems(): Promise<DevItem[]> {
  if (cache) return cache;
  const parser = new Parser();
  const items: DevItem[] = [];
  for (const [file, outlet] of Object.entries(OUTLETS)) {
    const feed = await parser.parseString(fs.readFileSync(path.join(DEV_FEEDS, file), "utf8"));
    for (const item of feed.items) {
      const title = plain(item.title);
      const text = plain(item.content ?? item.contentSnippet ?? item.summary);
      if (title) items.push({ outlet, title, text });
    }
  }
  const guardian = JSON.parse(fs.readFileSync(path.join(DEV_FEEDS, GUARDIAN_JSON), "utf8")) as { title: string; description: string }[];
  for (const item of guardian) items.push({ outlet: "The Guardian", title: plain(item.title), text: plain(item.description) });
  cache = items;
  return items;
}

/** One article per outlet about a story, picked by keywords: the first matching item of each outlet. */
export async function devCard(keywords: RegExp, maxOutlets = 10): Promise<AnalysisArticle[]> {
  const chosen = new Map<string, DevItem>();
  for (const item of await devItems()) {
    if (chosen.size >= maxOutlets) break;
    if (!chosen.has(item.outlet) && keywords.test(`${item.title} ${item.text}`)) chosen.set(item.outlet, item);
  }
  return [...chosen.values()].map((i) => ({ title: i.title, summary: i.text, content: i.text, source: i.outlet }));
}

/**
 * Long cards for load: ten outlets' same-day coverage, each article stringing one outlet's
 * items together to about `chars` characters (card k starts three items further on).
 */
export async function devLongCards(count: number, outlets = 10, chars = 5_000): Promise<AnalysisArticle[][]> {
  const byOutlet = new Map<string, DevItem[]>();
  for (const item of await devItems()) byOutlet.set(item.outlet, [...(byOutlet.get(item.outlet) ?? []), item]);
  const biggest = [...byOutlet.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, outlets);
  return Array.from({ length: count }, (_, k) =>
    biggest.map(([outlet, items]) => {
      const parts: string[] = [];
      for (let i = k * 3; parts.join(" ").length < chars; i++) {
        const item = items[i % items.length];
        parts.push(`${item.title}. ${item.text}`);
      }
      const lead = items[(k * 3) % items.length];
      return { title: lead.title, summary: lead.text, content: parts.join(" ").slice(0, chars), source: outlet };
    }),
  );
}

export const PROTESTS = /George Floyd|protest/i;
export const CREWED_LAUNCH = /SpaceX|astronaut/i;
