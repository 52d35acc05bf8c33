import { describe, expect, it } from "vitest";
import { groundAnalysis } from "@/lib/analysis/grounding";
import type { ProviderAnalysis } from "@/lib/analysis/provider";
import type { CitedPoint } from "@/lib/schemas/analysis";
import { goodAnswer, STORM } from "@/tests/fixtures/analysis-articles";

/** A model-style answer about the storm fixture, with points replaced as a test needs. */
function answer(
  points: { commonPoints?: CitedPoint[]; differences?: CitedPoint[]; summary?: string } = {},
): ProviderAnalysis {
  const good = goodAnswer();
  return {
    ...good,
    ...points,
    factualAccuracyMethod: "Model's estimate, with citations checked against the articles",
    articles: good.articles.map((a) => ({
      ...a,
      sentiment: a.sentiment as "negative",
      source: STORM[a.index].source,
    })),
    provider: { kind: "openai-compatible", model: "m", label: "l" },
  };
}

describe("grounding checker", () => {
  it("passes a well-grounded answer untouched", async () => {
    const { analysis, report } = await groundAnalysis(answer(), STORM);
    expect(analysis).toEqual(answer());
    expect(report).toEqual({ droppedCitations: 0, droppedPoints: 0, droppedSentences: 0, notes: [] });
  });

  it("removes citations of articles that do not exist, and duplicates", async () => {
    const { analysis, report } = await groundAnalysis(
      answer({
        commonPoints: [
          {
            text: "All three outlets report that Storm Elena flooded Valencia.",
            citations: [0, 1, 7, 1, 2, -1],
          },
        ],
      }),
      STORM,
    );
    expect(analysis.commonPoints).toEqual([
      { text: "All three outlets report that Storm Elena flooded Valencia.", citations: [0, 1, 2] },
    ]);
    expect(report.droppedCitations).toBe(3);
  });

  it("keeps a citation to an article that reports a quoted sentence in its own words, and only that", async () => {
    const quoted =
      "Both outlets report this; in the words of BBC News: “Storm Elena brought 120 millimetres of rain to Valencia on Tuesday, flooding streets in the old town.”";
    // Fox News writes "Storm Elena dumped heavy rain on Valencia … floods"; CNN shares too few of the sentence's words to count.
    const { analysis, report } = await groundAnalysis(
      answer({ commonPoints: [{ text: quoted, citations: [0, 1] }] }),
      STORM,
    );
    expect(analysis.commonPoints).toEqual([{ text: quoted, citations: [0, 1] }]);
    expect(report.notes).toEqual([]);
    const unrelated =
      "Both outlets report this; in the words of BBC News: “Mayor Ana Ruiz said 300 residents were moved to shelters.”";
    const repaired = await groundAnalysis(
      answer({ commonPoints: [{ text: unrelated, citations: [0, 2] }] }),
      STORM,
    );
    expect(repaired.analysis.commonPoints).toEqual([]);
    expect(repaired.report.notes.join(" ")).toMatch(/fewer than two distinct outlets cited/);
  });

  it("drops a point whose citations all point at no article", async () => {
    const { analysis, report } = await groundAnalysis(
      answer({
        differences: [
          { text: "Only CNN reports that rail services to Madrid were suspended.", citations: [5] },
        ],
      }),
      STORM,
    );
    expect(analysis.differences).toEqual([]);
    expect(report.droppedPoints).toBe(1);
  });

  it("removes a citation of an article that says nothing of the point", async () => {
    const { analysis } = await groundAnalysis(
      answer({
        differences: [
          { text: "Only CNN reports that rail services to Madrid were suspended.", citations: [0, 2] },
        ],
      }),
      STORM,
    );
    expect(analysis.differences).toEqual([
      { text: "Only CNN reports that rail services to Madrid were suspended.", citations: [2] },
    ]);
  });

  it.each([
    ["an invented person", "Prime Minister Pedro Sánchez visited Valencia after Storm Elena.", [0, 1]],
    ["an invented number", "Storm Elena killed 12 people in Valencia.", [0, 1, 2]],
    [
      "an invented quotation",
      "Mayor Ana Ruiz said “the old town is lost for good” after Storm Elena.",
      [0, 1],
    ],
    [
      "claims the cited text does not make",
      "Warming oceans caused the cyclone, scientists warned, predicting worse seasons ahead.",
      [0, 1],
    ],
    ["a common point from a single outlet", "Storm Elena brought 120 millimetres of rain to Valencia.", [0]],
  ])("drops a point with %s", async (_, text, citations) => {
    const { analysis, report } = await groundAnalysis(answer({ commonPoints: [{ text, citations }] }), STORM);
    expect(analysis.commonPoints).toEqual([]);
    expect(report.droppedPoints).toBe(1);
    expect(report.notes.join("\n")).toContain("dropped");
  });

  it("treats two articles of one outlet (any spelling) as one outlet", async () => {
    const articles = [
      ...STORM,
      { ...STORM[0], source: "bbc news", title: "Valencia floods: Storm Elena aftermath" },
    ];
    const { analysis } = await groundAnalysis(
      answer({ commonPoints: [{ text: "Storm Elena flooded Valencia.", citations: [0, 3] }] }),
      articles,
    );
    expect(analysis.commonPoints).toEqual([]);
  });

  it("drops the sentences of free texts that name what no article contains", async () => {
    const { analysis, report } = await groundAnalysis(
      answer({
        summary:
          "Storm Elena flooded Valencia. Pedro Sánchez declared a national emergency on 14 March. Residents left their homes.",
      }),
      STORM,
    );
    expect(analysis.summary).toBe("Storm Elena flooded Valencia. Residents left their homes.");
    expect(report.droppedSentences).toBe(1);
  });
});
