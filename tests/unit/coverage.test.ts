import { describe, expect, it } from "vitest";
import { storyCoverage } from "@/lib/coverage";

const report = (id: string, source: string, publishedAt: string) => ({
  id,
  source: { id: source },
  publishedAt,
});

describe("storyCoverage", () => {
  it("orders the reports oldest first and names the first outlet, whatever the card's order", () => {
    const coverage = storyCoverage([
      report("a1", "cnn", "2025-03-01T10:00:00.000Z"),
      report("a2", "bbc-news", "2025-03-01T07:00:00.000Z"),
      report("a3", "npr", "2025-03-01T13:00:00.000Z"),
    ]);
    expect(coverage).toEqual({
      firstPublishedAt: "2025-03-01T07:00:00.000Z",
      firstSourceId: "bbc-news",
      lastPublishedAt: "2025-03-01T13:00:00.000Z",
      timeline: [
        { sourceId: "bbc-news", articleId: "a2", publishedAt: "2025-03-01T07:00:00.000Z" },
        { sourceId: "cnn", articleId: "a1", publishedAt: "2025-03-01T10:00:00.000Z" },
        { sourceId: "npr", articleId: "a3", publishedAt: "2025-03-01T13:00:00.000Z" },
      ],
    });
  });

  it("keeps the card's order for reports of the same moment, and one outlet's several reports", () => {
    const at = "2025-03-01T10:00:00.000Z";
    const coverage = storyCoverage([
      report("main", "cnn", at),
      report("b", "npr", at),
      report("c", "cnn", "2025-03-01T11:00:00.000Z"),
    ]);
    expect(coverage.timeline.map((e) => e.articleId)).toEqual(["main", "b", "c"]);
    expect(coverage.firstSourceId).toBe("cnn");
  });

  it("refuses a story without reports", () => {
    expect(() => storyCoverage([])).toThrow("at least one report");
  });
});
