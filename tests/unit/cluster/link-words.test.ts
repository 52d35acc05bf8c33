import { describe, expect, it } from "vitest";
import { clusterArticles } from "@/lib/cluster/assembly/cluster-articles";
import { vectorizeArticles } from "@/lib/cluster/evidence/features";
import { CARD_HEADLINE_WEIGHTS } from "@/lib/cluster/tuning";
import { linkWords } from "@/lib/cluster/evidence/link-words";
import type { ClusterArticle } from "@/lib/cluster/types";

describe("linkWords", () => {
  it("reads the story's slug and drops ids, dates and extensions", () => {
    expect(
      linkWords(
        "http://rss.example.test/~r/rss/top_stories/~3/xOLbYJRXXh0/2782345-jameis-winston-reportedly-to-be-suspended-3-games",
      ),
    ).toBe("jameis winston reportedly to be suspended 3 games");
    expect(
      linkWords(
        "https://www.example.test/world/asia/peaceful-protest-or-dangerous-subversion-for-hong-kong-20200526-p54wgy.html?ref=rss",
      ),
    ).toBe("peaceful protest or dangerous subversion for hong kong");
    expect(
      linkWords("https://www.example.test/2018/06/23/us-navy-drafts-plans-to-house-25000-immigrants.html"),
    ).toBe("us navy drafts plans to house 25000 immigrants");
    expect(linkWords("https://www.example.test/news/article-8372373/Groups-six-allowed-exercise.html")).toBe(
      "groups six allowed exercise",
    );
  });

  it("finds no slug in ids, sections and video links", () => {
    expect(linkWords("https://www.example.test/sport/football/44583101")).toBe("");
    expect(linkWords("https://www.example.test/watch?v=G2YDjESAsyo")).toBe("");
    expect(linkWords("http://feedproxy.example.test/~r/outlet/~3/6XH-Lt3Iu3Q/")).toBe("");
    expect(linkWords("https://www.example.test/uk-news/12345")).toBe("");
  });

  it("survives what is no link, bad escapes and very long links", () => {
    expect(linkWords("")).toBe("");
    expect(linkWords(null)).toBe("");
    expect(linkWords("not a link")).toBe("");
    // A malformed escape leaves the segment as written; its odd parts are dropped.
    expect(linkWords("https://www.example.test/caf%C3%A9-owners-reopen-%ZZ-doors")).toBe(
      "owners reopen doors",
    );
    expect(linkWords("https://www.example.test/caf%C3%A9-owners-reopen-doors")).toBe(
      "café owners reopen doors",
    );
    const long = `https://www.example.test/${"word-".repeat(5_000)}end`;
    const started = performance.now();
    expect(linkWords(long).split(" ").length).toBeLessThan(500);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe("link words in the vectors", () => {
  const article = (id: string, title: string, url: string, summary = ""): ClusterArticle => ({
    id,
    title,
    summary,
    url,
    sourceId: `outlet-${id}`,
    publishedAt: new Date(0),
  });

  it("add only the terms the headline and summary lack, at the link weight", () => {
    const withLink = vectorizeArticles(
      [
        article(
          "1",
          "Star quarterback suspended",
          "https://example.test/jameis-winston-suspended-three-games",
        ),
        article("2", "Jameis Winston banned", "https://example.test/x"),
      ],
      CARD_HEADLINE_WEIGHTS,
    );
    const without = vectorizeArticles(
      [
        article("1", "Star quarterback suspended", "https://example.test/x"),
        article("2", "Jameis Winston banned", "https://example.test/x"),
      ],
      CARD_HEADLINE_WEIGHTS,
    );
    // "jameis", "winston", "three" and "games" come from the link; "suspended" is already in the headline.
    expect(withLink.vectors[0].features.length).toBe(without.vectors[0].features.length + 4);
    const zero = vectorizeArticles(
      [
        article(
          "1",
          "Star quarterback suspended",
          "https://example.test/jameis-winston-suspended-three-games",
        ),
      ],
      { ...CARD_HEADLINE_WEIGHTS, linkWeight: 0 },
    );
    expect(zero.vectors[0].features.length).toBe(3);
  });

  it("join a headline that says little to the report its link describes", () => {
    const articles = [
      article(
        "teaser",
        "Why this striker deserves a thank you",
        "https://example.test/2782448-ahmed-musa-brace-gives-nigeria-win-over-iceland-world-cup",
      ),
      article(
        "report",
        "Ahmed Musa double gives Nigeria win over Iceland at the World Cup",
        "https://example.test/sport/44583101",
        "Ahmed Musa scored twice as Nigeria beat Iceland 2-0 in their World Cup group game.",
      ),
      // Reports with summaries, so the batch is not one of headlines only (whose links do not count).
      article(
        "other",
        "Harbour bridge reopens",
        "https://example.test/1",
        "Traffic flows again over the bridge.",
      ),
      article(
        "more",
        "Museum returns bronzes",
        "https://example.test/2",
        "The collection travels back in spring.",
      ),
    ];
    const together = (list: ClusterArticle[]) =>
      clusterArticles(list).some((c) => c.articleIds.includes("teaser") && c.articleIds.includes("report"));
    expect(together(articles)).toBe(true);
    expect(together(articles.map((a) => ({ ...a, url: null })))).toBe(false);
  });

  it("leave the evidence for names alone: a lowercase slug does not unmake a name", () => {
    const titles = ["Apple Unveils Watch", "Apple Shares Rise", "Analysts Praise Apple"];
    const named = (withLinks: boolean) =>
      vectorizeArticles(
        titles.map((t, i) =>
          article(
            String(i),
            t,
            withLinks ? `https://example.test/apple-apple-apple-news-${i}` : "",
            "Apple said so.",
          ),
        ),
        CARD_HEADLINE_WEIGHTS,
      ).vectors[0].roles.some((r) => r & 1);
    expect(named(true)).toBe(named(false));
  });
});
