import { describe, expect, it } from "vitest";
import { groundAnalysis } from "@/lib/analysis/grounding";
import type { ProviderAnalysis } from "@/lib/analysis/provider";
import type { AnalysisArticle, CitedPoint } from "@/lib/schemas/analysis";
import { goodAnswer, STORM } from "@/tests/fixtures/analysis-articles";

/** A model-style answer about the storm fixture, with points replaced as a test needs. */
function answer(
  points: { commonPoints?: CitedPoint[]; differences?: CitedPoint[]; summary?: string } = {},
): ProviderAnalysis {
  const good = goodAnswer();
  return {
    commonPoints: good.commonPoints,
    differences: [...good.conflicts, ...good.differences],
    summary: good.summary,
    biasAnalysis: good.biasAnalysis,
    emotionalTone: good.emotionalTone,
    frontendSummary: good.frontendSummary,
    ...points,
    factualAccuracy: 50,
    factualAccuracyMethod: "Corroboration: …",
    articles: good.articles.map((a) => ({
      index: a.index,
      sentiment: a.sentiment as "negative",
      biasScore: 0,
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

/**
 * A card of three invented reports, for what issue 30 found the check deleting although the
 * articles support it: descriptions of what an outlet says, word forms, abbreviations and paraphrase.
 */
const RALLY: AnalysisArticle[] = [
  {
    source: "CNN",
    title: "US Capitol Police ready for September 18 rally",
    summary: "",
    content:
      "Police will be on duty from September 18 amid a new wave of concern about violence on Capitol Hill. " +
      "Officers first trained for such events more than 20 years ago.",
  },
  {
    source: "Reuters",
    title: "Haitians join Capitol rally",
    summary: "",
    content:
      "Hundreds of Haitians plan to attend the rally on Jan. 5, organisers said. Israel's ambassador is not expected. " +
      "DHS said it would send 40 officers.",
  },
  {
    source: "BBC News",
    title: "Protest planned at US Capitol",
    summary: "",
    content:
      "An Israeli delegation and Haitian groups will watch the protest on Capitol Hill, the Department of Homeland Security said.",
  },
];

/** An answer about the rally card with the given points as its differences. */
function rallyAnswer(
  differences: CitedPoint[],
  summary = "Police prepare for a rally on Capitol Hill.",
): ProviderAnalysis {
  return {
    ...answer(),
    commonPoints: [],
    differences,
    summary,
    frontendSummary: "",
    biasAnalysis: "",
    emotionalTone: "",
    articles: RALLY.map((a, index) => ({ index, source: a.source, sentiment: "neutral", biasScore: 0 })),
  };
}

describe("grounding checker: what the articles support is kept", () => {
  it.each([
    [
      "a description of what an outlet says",
      "CNN gives the date as September 18 and speaks of “a new wave of concern” about violence on Capitol Hill.",
      [0],
    ],
    ["a demonym's plural", "Reuters says Haitian groups will attend on January 5.", [1]],
    ["a month abbreviated in the article, in a quotation", "Reuters says the rally is “on January 5”.", [1]],
    ["a demonym for a possessive", "Reuters says the Israeli ambassador is not expected.", [1]],
    ["a paraphrase", "CNN says police have prepared for such days for decades.", [0]],
    ["an abbreviation for a name", "BBC News cites the DHS.", [2]],
    [
      "a name for an abbreviation",
      "Reuters says the Department of Homeland Security will send 40 officers.",
      [1],
    ],
    ["an 'only' no other outlet bears out", "Only Reuters mentions Israel's ambassador.", [1]],
    [
      "what an outlet does not say",
      "BBC News does not give the date of the rally or name the Haitians' organisers.",
      [2],
    ],
  ])("keeps %s", async (_, text, citations) => {
    const { analysis, report } = await groundAnalysis(rallyAnswer([{ text, citations }]), RALLY);
    expect(report.notes).toEqual([]);
    expect(analysis.differences).toEqual([{ text, citations }]);
  });

  it.each([
    ["an invented quotation", "CNN speaks of “a fresh wave of alarm” on Capitol Hill.", [0]],
    ["a wrong figure", "CNN says police will be on duty from September 19.", [0]],
    [
      "a citation of an outlet the point names, which does not say it",
      "CNN and Reuters give the date as September 18.",
      [0, 1],
    ],
    ["a false 'only'", "Only BBC News mentions Haitians.", [2]],
    ["an invented person", "Reuters says organiser Marie Joseph expects hundreds of Haitians.", [1]],
  ])("removes %s", async (_, text, citations) => {
    const { analysis, report } = await groundAnalysis(rallyAnswer([{ text, citations }]), RALLY);
    expect(analysis.differences).toEqual([]);
    expect(report.droppedPoints).toBe(1);
  });

  it("removes the citation of an outlet the point does not name and whose article lacks its figure", async () => {
    const { analysis } = await groundAnalysis(
      rallyAnswer([{ text: "Police will be on duty from September 18.", citations: [0, 2] }]),
      RALLY,
    );
    expect(analysis.differences).toEqual([
      { text: "Police will be on duty from September 18.", citations: [0] },
    ]);
  });

  it("drops a free text's sentence that credits an outlet with what it does not say, and keeps the rest", async () => {
    const { analysis, report } = await groundAnalysis(
      rallyAnswer(
        [],
        "Haitians plan to join the rally. BBC News says DHS will send 40 officers. CNN's report is brief.",
      ),
      RALLY,
    );
    expect(analysis.summary).toBe("Haitians plan to join the rally. CNN's report is brief.");
    expect(report.notes).toEqual(["summary: sentence dropped, BBC News does not say 40"]);
  });
});
