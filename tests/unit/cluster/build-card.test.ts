import { describe, expect, it } from "vitest";
import { buildCardDraft, isCardWorthy } from "@/lib/cluster/cards/build-card";
import type { ClusterArticle, StoryCluster } from "@/lib/cluster/types";

const T0 = Date.UTC(2026, 2, 10, 8);
const MINUTE = 60_000;

function article(
  id: string,
  sourceId: string,
  title: string,
  extra: Partial<ClusterArticle> = {},
): ClusterArticle {
  return { id, title, summary: "", sourceId, publishedAt: new Date(T0), ...extra };
}

function draftOf(articles: ClusterArticle[], confidence = 0.8) {
  const cluster: StoryCluster = { articleIds: articles.map((a) => a.id).sort(), confidence };
  return buildCardDraft(cluster, new Map(articles.map((a) => [a.id, a])));
}

describe("buildCardDraft", () => {
  it("leads with the most representative headline, not the first", () => {
    const articles = [
      article("a1", "bbc", "Markets today"), // first by id, shares almost nothing
      article("a2", "cnn", "Fed raises interest rates by a quarter point"),
      article("a3", "fox", "Fed raises rates a quarter point to fight inflation"),
      article("a4", "npr", "Federal Reserve raises interest rates to fight inflation"),
    ];
    const draft = draftOf(articles);
    expect(draft.mainArticleId).toBe("a3");
    expect(draft.topic).toBe("Fed raises rates a quarter point to fight inflation");
    expect(draft.articleIds[0]).toBe("a3");
  });

  it("prefers, among equals, a summary, then an image, then the earliest", () => {
    const title = "Storm hits the coast";
    const later = new Date(T0 + 5 * MINUTE);
    expect(
      draftOf([article("a1", "x", title), article("a2", "y", title, { summary: "Winds of 100 km/h." })])
        .mainArticleId,
    ).toBe("a2");
    expect(
      draftOf([article("a1", "x", title), article("a2", "y", title, { imageUrl: "https://i/2.jpg" })])
        .mainArticleId,
    ).toBe("a2");
    expect(
      draftOf([article("a1", "x", title, { publishedAt: later }), article("a2", "y", title)]).mainArticleId,
    ).toBe("a2");
  });

  it("orders related articles one per outlet first, then the rest", () => {
    const title = "Election results announced in Brazil";
    const articles = [
      article("a1", "bbc", title, { summary: "x" }), // main: the only one with a summary
      article("a2", "bbc", title, { publishedAt: new Date(T0 + 1 * MINUTE) }),
      article("a3", "cnn", title, { publishedAt: new Date(T0 + 2 * MINUTE) }),
      article("a4", "cnn", title, { publishedAt: new Date(T0 + 3 * MINUTE) }),
      article("a5", "dw", title, { publishedAt: new Date(T0 + 4 * MINUTE) }),
    ];
    const draft = draftOf(articles);
    expect(draft.articleIds).toEqual(["a1", "a3", "a5", "a2", "a4"]);
    expect(draft.sourceCount).toBe(3);
    expect(draft.latestPublishedAt).toEqual(new Date(T0 + 4 * MINUTE));
  });

  it("takes the majority category, and the main article's on a tie", () => {
    const title = "Vaccine trial shows strong results";
    const majority = [
      article("a1", "x", title, { summary: "s", category: "science" }),
      article("a2", "y", title, { category: "health" }),
      article("a3", "z", title, { category: "health" }),
    ];
    expect(draftOf(majority).category).toBe("health");
    const tie = [
      article("a1", "x", title, { summary: "s", category: "science" }),
      article("a2", "y", title, { category: "health" }),
    ];
    expect(draftOf(tie).category).toBe("science");
    expect(draftOf([article("a1", "x", title), article("a2", "y", title)]).category).toBe("general");
  });

  it("lists countries by frequency, the main article's first on a tie", () => {
    const title = "Trade deal signed";
    const articles = [
      article("a1", "x", title, { summary: "s", countries: ["gb", "us"] }),
      article("a2", "y", title, { countries: ["us", "fr"] }),
      article("a3", "z", title, { countries: ["fr", "us", "us"] }),
    ];
    const draft = draftOf(articles);
    expect(draft.countries).toEqual(["us", "fr", "gb"]);
    expect(draft.country).toBe("us");
    const tie = draftOf([
      article("a1", "x", title, { summary: "s", countries: ["de"] }),
      article("a2", "y", title, { countries: ["au"] }),
    ]);
    expect(tie.countries).toEqual(["de", "au"]);
    expect(draftOf([article("a1", "x", title), article("a2", "y", title)])).toMatchObject({
      countries: [],
      country: "",
    });
  });

  it("passes the cluster's confidence through and refuses unknown ids", () => {
    expect(draftOf([article("a1", "x", "One"), article("a2", "y", "One")], 0.42).confidence).toBe(0.42);
    expect(() => buildCardDraft({ articleIds: ["nope"], confidence: 1 }, new Map())).toThrow("nope");
  });
});

describe("isCardWorthy", () => {
  it("needs two distinct outlets", () => {
    const map = new Map([
      ["a1", article("a1", "bbc", "t")],
      ["a2", article("a2", "bbc", "t")],
      ["a3", article("a3", "cnn", "t")],
    ]);
    expect(isCardWorthy({ articleIds: ["a1", "a2"], confidence: 1 }, map)).toBe(false);
    expect(isCardWorthy({ articleIds: ["a1", "a2", "a3"], confidence: 1 }, map)).toBe(true);
    expect(isCardWorthy({ articleIds: ["a3"], confidence: 1 }, map)).toBe(false);
  });
});
