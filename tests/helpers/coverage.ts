/**
 * Overlapping coverage for the local analyzer's tests and benchmark: every item of several
 * outlets' feeds of one day, as plain text with its outlet, and cards picked from them. Two
 * days: the team's feed fixtures (tests/fixtures/feeds: a wildfire near Canberra and the
 * Heron-2 capsule, told by eight outlets), read by npm test; and the real 2020-05-31 dev feeds
 * of the data folder (the George Floyd protests and the SpaceX crewed launch), read by
 * npm run test:data and npm run bench:analysis in place, never copied into the repository.
 */
import fs from "node:fs";
import path from "node:path";
import Parser from "rss-parser";
import { decodeHTML } from "entities";
import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { FIXTURE_FEEDS_DIR } from "./feed-fixtures";

/** The outlet each file comes from, as a request would name it. */
const FIXTURE_OUTLETS: Record<string, string> = {
  "bbc-home-2019-10-12.xml": "BBC News",
  "cnn-topstories-2019-10-12.xml": "CNN",
  "fox-latest-2019-10-12.xml": "Fox News",
  "guardian-world-2019-10-12.xml": "The Guardian",
  "reuters-topnews-2019-10-12.xml": "Reuters",
  "wsj-world-2019-10-12.xml": "Wall Street Journal",
  "aljazeera-youtube-atom-2019-10-12.xml": "Al Jazeera",
  "other-dailymail-articles-2019-10-12.xml": "Daily Mail",
};
const REAL_OUTLETS: Record<string, string> = {
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
/** The real day's Guardian items, saved by an archiver as JSON rather than feed XML. */
const REAL_GUARDIAN_JSON = path.join(
  "derived-rumca-2020-05-31",
  "2020-05-31_https.www.theguardian.comrss_entries.json",
);

/** Keywords that pick each day's two shared stories. */
export const STORIES = {
  fixtures: { wildfire: /wildfire|Canberra/i, capsule: /Heron-2|space station/i },
  real: { protests: /George Floyd|protest/i, crewedLaunch: /SpaceX|astronaut/i },
};

export interface CoverageItem {
  outlet: string;
  title: string;
  text: string;
}

function plain(html: string | undefined): string {
  // Tags become spaces ("<p>mission</p><p>First" must not read "missionFirst").
  return decodeHTML(
    (html ?? "").replace(/<\/?(?:p|br|li|ul|ol|div|h\d)\b[^>]*>/gi, " ").replace(/<[^>]*>/g, ""),
  )
    .replace(/Continue reading\.\.\./g, "")
    .replace(/\s+/g, " ")
    .trim();
}

async function readFeeds(dir: string, outlets: Record<string, string>): Promise<CoverageItem[]> {
  const parser = new Parser();
  const items: CoverageItem[] = [];
  for (const [file, outlet] of Object.entries(outlets)) {
    const feed = await parser.parseString(fs.readFileSync(path.join(dir, file), "utf8"));
    for (const item of feed.items) {
      const title = plain(item.title);
      const text = plain(item.content ?? item.contentSnippet ?? item.summary);
      if (title) items.push({ outlet, title, text });
    }
  }
  return items;
}

let fixtureCache: CoverageItem[] | undefined;
const realCache = new Map<string, CoverageItem[]>();

/** Every item of the feed fixtures, as plain text, with its outlet. */
export async function fixtureCoverage(): Promise<CoverageItem[]> {
  fixtureCache ??= await readFeeds(FIXTURE_FEEDS_DIR, FIXTURE_OUTLETS);
  return fixtureCache;
}

/** Every item of the real 2020-05-31 dev feeds in `devFeedsDir` (the data folder's feeds/dev). */
export async function realCoverage(devFeedsDir: string): Promise<CoverageItem[]> {
  const cached = realCache.get(devFeedsDir);
  if (cached) return cached;
  const items = await readFeeds(devFeedsDir, REAL_OUTLETS);
  const guardian = JSON.parse(fs.readFileSync(path.join(devFeedsDir, REAL_GUARDIAN_JSON), "utf8")) as {
    title: string;
    description: string;
  }[];
  for (const item of guardian)
    items.push({ outlet: "The Guardian", title: plain(item.title), text: plain(item.description) });
  realCache.set(devFeedsDir, items);
  return items;
}

/** One article per outlet about a story, picked by keywords: the first matching item of each outlet. */
export function cardAbout(items: CoverageItem[], keywords: RegExp, maxOutlets = 10): AnalysisArticle[] {
  const chosen = new Map<string, CoverageItem>();
  for (const item of items) {
    if (chosen.size >= maxOutlets) break;
    if (!chosen.has(item.outlet) && keywords.test(`${item.title} ${item.text}`))
      chosen.set(item.outlet, item);
  }
  return [...chosen.values()].map((i) => ({
    title: i.title,
    summary: i.text,
    content: i.text,
    source: i.outlet,
  }));
}

/**
 * Long cards for load: up to ten outlets' same-day coverage, each article stringing one
 * outlet's items together to about `chars` characters (card k starts three items further on).
 */
export function longCards(
  items: CoverageItem[],
  count: number,
  outlets = 10,
  chars = 5_000,
): AnalysisArticle[][] {
  const byOutlet = new Map<string, CoverageItem[]>();
  for (const item of items) byOutlet.set(item.outlet, [...(byOutlet.get(item.outlet) ?? []), item]);
  const biggest = [...byOutlet.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, outlets);
  return Array.from({ length: count }, (_, k) =>
    biggest.map(([outlet, outletItems]) => {
      const parts: string[] = [];
      for (let i = k * 3; parts.join(" ").length < chars; i++) {
        const item = outletItems[i % outletItems.length];
        parts.push(`${item.title}. ${item.text}`);
      }
      const lead = outletItems[(k * 3) % outletItems.length];
      // Cut at a space: a word cut in half ("Austral") is a name no other outlet writes.
      const content = parts
        .join(" ")
        .slice(0, chars + 1)
        .replace(/\s+\S*$/, "");
      return { title: lead.title, summary: lead.text, content, source: outlet };
    }),
  );
}
