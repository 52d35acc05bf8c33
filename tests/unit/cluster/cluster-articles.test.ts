import { describe, expect, it } from "vitest";
import { clusterArticles } from "@/lib/cluster/assembly/cluster-articles";
import type { ClusterArticle, StoryCluster } from "@/lib/cluster/types";
import { generateSyntheticNews } from "@/scripts/bench/synthetic-news";

const T0 = Date.UTC(2026, 2, 10, 12);
const HOUR = 3_600_000;
let serial = 0;

function article(title: string, overrides: Partial<ClusterArticle> = {}): ClusterArticle {
  serial += 1;
  return {
    id: `a${String(serial).padStart(3, "0")}`,
    title,
    summary: "",
    sourceId: `outlet-${serial % 7}`,
    publishedAt: new Date(T0 + serial * 60_000),
    ...overrides,
  };
}

/** The groups as sets of titles, so a failure reads as headlines. */
function groupsOf(articles: ClusterArticle[], clusters: StoryCluster[]): string[][] {
  const title = new Map(articles.map((a) => [a.id, a.title]));
  return clusters
    .filter((c) => c.articleIds.length > 1)
    .map((c) => c.articleIds.map((id) => title.get(id)!).sort());
}

const together = (groups: string[][], titles: string[]) =>
  groups.some((g) => titles.every((t) => g.includes(t)));
const apart = (groups: string[][], a: string, b: string) =>
  !groups.some((g) => g.includes(a) && g.includes(b));

describe("clusterArticles", () => {
  it("returns nothing for nothing and a singleton for one article", () => {
    expect(clusterArticles([])).toEqual([]);
    const one = article("Lone headline about a river");
    expect(clusterArticles([one])).toEqual([{ articleIds: [one.id], confidence: 1 }]);
  });

  it("merges paraphrased headlines of one product launch and keeps a rival launch apart", () => {
    const apple = [
      "Apple unveils iPhone 6 with a bigger screen",
      "Apple's iPhone 6 unveiled with bigger display",
      "iPhone 6: Apple unveils its biggest phone yet",
      "Apple finally unveils the iPhone 6",
    ];
    const others = [
      "Samsung launches Galaxy S5 with fingerprint sensor",
      "Samsung Galaxy S5 launch draws crowds",
      "Fed holds interest rates steady",
    ];
    const articles = [...apple, ...others].map((t) => article(t));
    const groups = groupsOf(articles, clusterArticles(articles));
    expect(together(groups, apple)).toBe(true);
    expect(together(groups, others.slice(0, 2))).toBe(true);
    expect(apart(groups, apple[0], others[0])).toBe(true);
  });

  it("keeps earthquakes of different magnitudes and places apart", () => {
    const chile = [
      "Earthquake of magnitude 6.1 hits Chile",
      "Magnitude 6.1 earthquake strikes northern Chile",
    ];
    const peru = ["Magnitude 7.3 quake hits Peru", "Earthquake of magnitude 7.3 hits Peru coast"];
    const articles = [...chile, ...peru].map((t) => article(t));
    const groups = groupsOf(articles, clusterArticles(articles));
    expect(together(groups, chile)).toBe(true);
    expect(together(groups, peru)).toBe(true);
    expect(apart(groups, chile[0], peru[0])).toBe(true);
  });

  it("lets conflicting numbers split otherwise identical headlines", () => {
    const articles = [
      article("Magnitude 6.1 quake hits Japan"),
      article("Japan hit by magnitude 6.1 quake"),
      article("Magnitude 7.3 quake hits Japan"),
      article("Japan hit by magnitude 7.3 quake"),
    ];
    const groups = groupsOf(articles, clusterArticles(articles));
    expect(apart(groups, articles[0].title, articles[2].title)).toBe(true);
  });

  it("keeps the same headline apart when days separate the two reports", () => {
    const first = article("Storm floods coastal towns in Brittany", { publishedAt: new Date(T0) });
    const later = article("Storm floods coastal towns in Brittany", {
      publishedAt: new Date(T0 + 120 * HOUR),
    });
    const soon = article("Storm floods coastal towns in Brittany", { publishedAt: new Date(T0 + 2 * HOUR) });
    const groups = groupsOf([first, later, soon], clusterArticles([first, later, soon]));
    expect(groups).toHaveLength(1);
    expect(clusterArticles([first, later, soon]).find((c) => c.articleIds.length === 2)!.articleIds).toEqual([
      first.id,
      soon.id,
    ]);
  });

  it("uses summaries when they are there", () => {
    const a = article("Negotiators return to the table", {
      summary: "Airbus and Boeing envoys met in Geneva over aircraft subsidies.",
    });
    const b = article("Aircraft makers meet again", {
      summary: "Envoys for Boeing and Airbus gathered in Geneva to settle the subsidies dispute.",
    });
    const c = article("Teachers strike ends", { summary: "The union and the city council agreed on pay." });
    // Among a day's other news, as the clusterer meets reports: how rare the shared names are
    // (Geneva, Boeing) is part of the evidence, and among three articles nothing is rare.
    const day = [
      [
        "Storm closes schools across the north",
        "Heavy snow shut hundreds of schools on Monday as roads froze.",
      ],
      [
        "Central bank holds interest rates",
        "Policymakers kept borrowing costs unchanged, citing slowing inflation.",
      ],
      ["Museum returns looted bronzes", "The collection will travel back next spring after a long campaign."],
      ["Star striker signs new contract", "The forward agreed a four-year deal after weeks of talks."],
      ["Wildfire forces evacuations in the hills", "Crews fought the blaze through the night as winds rose."],
      ["Parliament debates new housing law", "Members argued over rent controls and building targets."],
    ].map(([title, summary]) => article(title, { summary }));
    const groups = groupsOf([a, b, c, ...day], clusterArticles([a, b, c, ...day]));
    expect(groups).toEqual([[b.title, a.title].sort()]);
    const headlinesOnly = [a, b, c].map((x) => ({ ...x, summary: "" }));
    expect(groupsOf(headlinesOnly, clusterArticles(headlinesOnly))).toEqual([]);
  });

  it("does not pair two reports that share only a place name", () => {
    const a = article("Saudi Arabia lifts the ban on women driving");
    const b = article("Britain hides the extent of arms sales to Saudi Arabia");
    expect(groupsOf([a, b], clusterArticles([a, b]))).toEqual([]);
  });

  it("ignores an outlet's boilerplate, which would tie all its items together", () => {
    const footer =
      "Subscribe to our channel, follow us on Twitter, find us on Facebook, check our website and download the app for breaking news videos.";
    const items = [
      "Renault cuts jobs worldwide",
      "Volunteers see rising need in charities",
      "Statue honours nurses in Tehran",
      "Floods hit Bangladesh coast",
      "Locust swarms reach Kenya",
    ];
    const channel = items.map((title) => article(title, { sourceId: "channel", summary: footer }));
    // Among other news the footer's words are rare, so without the guard they would weigh a lot.
    const background = generateSyntheticNews(300, 11).articles;
    const clusters = clusterArticles([...channel, ...background]);
    const channelIds = new Set(channel.map((a) => a.id));
    for (const c of clusters)
      expect(c.articleIds.filter((id) => channelIds.has(id)).length).toBeLessThanOrEqual(1);
  });

  it("does not let one look-alike neighbour pull a lone article into a small story", () => {
    const story = [
      article("Queensland man charged with attempted murder", { sourceId: "smh" }),
      article("Man, 32, charged with attempted murder after knife attack", { sourceId: "mail" }),
    ];
    const loner = article("Motorcyclist dies while evading Queensland police", { sourceId: "smh" });
    const groups = groupsOf([...story, loner], clusterArticles([...story, loner]));
    expect(groups).toEqual([story.map((a) => a.title).sort()]);
  });

  it("survives an invalid publication date", () => {
    const a = article("Volcano erupts in Iceland", { publishedAt: new Date(Number.NaN) });
    const b = article("Iceland volcano erupts again");
    expect(clusterArticles([b, a])).toEqual(clusterArticles([a, b]));
  });

  it("gives every article exactly one cluster, ids sorted, confidence within 0..1", () => {
    const { articles } = generateSyntheticNews(800, 3);
    const clusters = clusterArticles(articles);
    const ids = clusters.flatMap((c) => c.articleIds);
    expect(ids.length).toBe(articles.length);
    expect(new Set(ids).size).toBe(articles.length);
    for (const c of clusters) {
      expect(c.articleIds).toEqual([...c.articleIds].sort());
      expect(c.confidence).toBeGreaterThanOrEqual(0);
      expect(c.confidence).toBeLessThanOrEqual(1);
    }
  });

  it("is deterministic: shuffled input gives the identical output", () => {
    const { articles } = generateSyntheticNews(1500, 9);
    const shuffled = [...articles].reverse();
    for (let i = 0; i < shuffled.length; i += 3)
      [shuffled[i], shuffled[shuffled.length - 1 - i]] = [shuffled[shuffled.length - 1 - i], shuffled[i]];
    expect(clusterArticles(shuffled)).toEqual(clusterArticles(articles));
  });

  it("recovers most of the synthetic stories", async () => {
    const { articles, truth } = generateSyntheticNews(2000, 5);
    const { labelsFromClusters, scoreClustering } = await import("@/scripts/lib/cluster-eval/metrics");
    const score = scoreClustering(
      labelsFromClusters(clusterArticles(articles).map((c) => c.articleIds)),
      truth,
    );
    expect(score.bcubed.f1).toBeGreaterThan(0.8);
  });
});
