import { describe, expect, it } from "vitest";
import { checkAnswer, withSummaries } from "@/lib/analysis/checked-answer";
import type { ModelDraft, ProviderAnalysis } from "@/lib/analysis/provider";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import { goodAnswer, STORM } from "@/tests/fixtures/analysis-articles";

/** The storm fixture's model answer as the OpenAI-compatible provider returns it, changed as a test needs. */
function draft(change: Partial<ModelDraft> = {}): ModelDraft {
  const good = goodAnswer();
  return {
    draft: "model",
    commonPoints: good.commonPoints,
    angles: good.angles,
    figures: good.figures,
    conflicts: good.conflicts,
    differences: good.differences,
    summary: good.summary,
    frontendSummary: good.frontendSummary,
    biasAnalysis: good.biasAnalysis,
    emotionalTone: good.emotionalTone,
    articles: good.articles.map((a) => ({
      ...a,
      source: STORM[a.index].source,
      sentiment: a.sentiment as "negative",
      lean: a.lean as "none",
    })),
    provider: { kind: "openai-compatible", model: "m", label: "l" },
    ...change,
  };
}

describe("a model's answer, completed by the product", () => {
  it("has the built-in analyzer's shape: angles, figures, and conflicts first among the differences", async () => {
    const { analysis, report } = await checkAnswer(draft(), STORM);
    expect(report.notes).toEqual([]);
    const good = goodAnswer();
    expect(analysis.angles).toEqual(good.angles);
    expect(analysis.figures).toEqual(good.figures);
    expect(analysis.differences).toEqual([...good.conflicts, ...good.differences]);
    expect(analysis.commonPoints).toEqual(good.commonPoints);
    expect(analysis).not.toHaveProperty("draft");
    expect(analysis).not.toHaveProperty("conflicts");
  });

  it("scores factual accuracy as the built-in analyzer does, counting the model's conflicts the articles bear out", async () => {
    const conflict = {
      text: "BBC News says 300 residents were moved to shelters, while CNN says 250 people were evacuated.",
      citations: [0, 2],
    };
    const { analysis } = await checkAnswer(draft({ conflicts: [conflict] }), STORM);
    const local = await analyzeLocally(STORM);
    // The same corroboration as the built-in analyzer's, with one more compared detail: the conflict.
    expect(analysis.corroboration).toEqual({
      corroborated: local.corroboration!.corroborated,
      total: local.corroboration!.total + 1,
    });
    expect(analysis.factualAccuracy).toBe(
      Math.round((100 * analysis.corroboration!.corroborated) / analysis.corroboration!.total),
    );
    expect(analysis.factualAccuracyMethod).toMatch(/^Corroboration: /);
    expect(analysis.factualAccuracyMethod).toContain(
      "1 further conflict between outlets that the model flagged and the articles bear out counts against it",
    );
    // A conflict the articles do not bear out counts for nothing, nor one over figures the built-in
    // reading has compared already (BBC News's and Fox News's 300 residents, which agree).
    for (const c of [
      { text: "CNN gives 400 dead, BBC News 12.", citations: [0, 2] },
      { text: "BBC News gives 300 residents moved, Fox News about 300 who left.", citations: [0, 1] },
    ]) {
      const other = await checkAnswer(draft({ conflicts: [c] }), STORM);
      expect(other.analysis.corroboration).toEqual(local.corroboration);
    }
  });

  it("never takes an accuracy figure from the model", async () => {
    const withGuess = {
      ...draft(),
      factualAccuracy: 97,
      factualAccuracyMethod: "Model's estimate",
    } as ModelDraft;
    const { analysis } = await checkAnswer(withGuess, STORM);
    expect(analysis.factualAccuracy).not.toBe(97);
    expect(analysis.factualAccuracyMethod).toMatch(/^Corroboration: /);
  });

  it("scores bias as the outlet's rating, moved only by wording the article writes in its own voice, and says so", async () => {
    const articles = draft().articles;
    articles[0] = { ...articles[0], wording: ["water like this"], lean: "left" }; // BBC News quotes the mayor
    articles[2] = { ...articles[2], wording: ["flood of lies"], lean: "right" }; // not in CNN's article
    const { analysis } = await checkAnswer(draft({ articles }), STORM);
    expect(analysis.articles).toEqual([
      { index: 0, source: "BBC News", sentiment: "negative", biasScore: 0 },
      { index: 1, source: "Fox News", sentiment: "negative", biasScore: 0.4, biasWording: ["battles"] },
      { index: 2, source: "CNN", sentiment: "neutral", biasScore: -0.3 },
    ]);
    expect(analysis.biasAnalysis).toBe(
      `${goodAnswer().biasAnalysis} Scores: Fox News slight right (its center-right rating, moved right by the wording “battles”); ` +
        "BBC News neutral and CNN slight left (their ratings alone). They describe framing, not accuracy.",
    );
    const none = await checkAnswer(
      draft({ articles: draft().articles.map((a) => ({ ...a, wording: [], lean: "none" as const })) }),
      STORM,
    );
    expect(none.analysis.articles.map((a) => a.biasScore)).toEqual([0, 0.3, -0.3]);
    expect(none.analysis.biasAnalysis).toContain(
      "No wording with a left or right lean was named in the articles' own voice, so the scores are the ratings alone: BBC News neutral, Fox News slight right and CNN slight left.",
    );
  });

  it("never leaves the summaries empty: they are built from what the check keeps", async () => {
    const { analysis } = await checkAnswer(
      draft({
        summary: "Pedro Sánchez declared an emergency in Valencia.",
        frontendSummary: "Pedro Sánchez visited Valencia.",
      }),
      STORM,
    );
    expect(analysis.summary).toBe(
      "All three outlets report that Storm Elena flooded Valencia. CNN gives 250 evacuated people, while BBC News and Fox News give 300 residents.",
    );
    expect(analysis.frontendSummary).toBe("All three outlets report that Storm Elena flooded Valencia.");
  });

  it("holds a model to the text it was sent: a name only past the first 4,000 characters is not the article's", async () => {
    const long = STORM.map((a) => ({ ...a }));
    long[2].content = `${STORM[2].content} ${"The clean-up went on. ".repeat(200)}Engineer Luis Prado inspected the tracks.`;
    const text = "CNN names engineer Luis Prado.";
    const { analysis, report } = await checkAnswer(draft({ differences: [{ text, citations: [2] }] }), long);
    expect(analysis.differences.map((d) => d.text)).not.toContain(text);
    expect(report.notes.join(" ")).toContain("Luis Prado");
  });

  it("fills an empty one-line summary from the summary, for either provider", () => {
    const answer = { summary: "First sentence. Second one.", frontendSummary: " " } as ProviderAnalysis;
    expect(withSummaries({ ...answer, commonPoints: [], differences: [] }).frontendSummary).toBe(
      "First sentence.",
    );
  });
});
