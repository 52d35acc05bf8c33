import { describe, expect, it } from "vitest";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { STORM } from "@/tests/fixtures/analysis-articles";
import { cardAbout, fixtureCoverage, longCards, STORIES } from "@/tests/helpers/coverage";
import { describeLocalAnalyzerOn } from "@/tests/helpers/local-analyzer-checks";

// The same checks on real coverage: tests/data/local-analyzer-real-coverage.test.ts (npm run test:data).
describeLocalAnalyzerOn("local analyzer on overlapping coverage (the feed fixtures' two stories)", async () => {
  const items = await fixtureCoverage();
  return [
    { name: "wildfire", articles: cardAbout(items, STORIES.fixtures.wildfire) },
    { name: "capsule", articles: cardAbout(items, STORIES.fixtures.capsule) },
    { name: "storm fixture", articles: STORM },
    // Long same-day cards (every outlet, about 5,000 characters each), as the benchmark uses.
    ...longCards(items, 4).map((articles, k) => ({ name: `long card ${k}`, articles })),
  ];
});

describe("local analyzer edge cases", () => {
  it("ignores the page's placeholders for related articles", async () => {
    const related = (title: string, source: string): AnalysisArticle => ({ title, source, summary: "Related article", content: "Content not available" });
    const result = await analyzeLocally([
      related("Storm Elena floods Valencia", "BBC News"),
      related("Valencia under water after Storm Elena", "CNN"),
    ]);
    const all = JSON.stringify(result).toLowerCase();
    expect(all).not.toContain("related article");
    expect(all).not.toContain("content not available");
    expect(result.commonPoints[0]).toMatchObject({ text: expect.stringMatching(/^Both cited reports mention Storm Elena\b/), citations: [0, 1] });
  });

  it("labels a shared figure with the word after it only when every cited report writes that word", async () => {
    const report = (source: string, summary: string): AnalysisArticle => ({ title: "Wildfire near Canberra", source, summary, content: summary });
    const differ = await analyzeLocally([report("BBC News", "The fire forced 3,400 from their homes."), report("CNN", "About 3,400 people were evacuated.")]);
    expect(differ.commonPoints.map((p) => p.text)).toContainEqual(expect.stringMatching(/^Both cited reports mention [^.]*\b3,400(?:[,.]| and)/));
    const same = await analyzeLocally([report("BBC News", "The fire burned 12,000 hectares."), report("CNN", "Crews saved 12,000 hectares of forest.")]);
    expect(same.commonPoints.map((p) => p.text)).toContainEqual(expect.stringMatching(/^Both cited reports mention [^.]*\b12,000 hectares\b/));
  });

  it("says so when all articles come from one outlet, and corroborates nothing", async () => {
    const result = await analyzeLocally([STORM[0], { ...STORM[1], source: "bbc news" }]);
    expect(result.commonPoints).toEqual([]);
    expect(result.differences).toEqual([]);
    expect(result.factualAccuracy).toBe(0);
    expect(result.summary).toMatch(/^BBC News is the only outlet in this card/);
  });

  it("counts loaded wording in the outlet's own voice only, not in quotations", async () => {
    const base = { title: "Council vote on housing", summary: "", source: "BBC News" };
    const own = await analyzeLocally([{ ...base, content: "The radical left council pushed the plan through." }, { ...STORM[2] }]);
    const quoted = await analyzeLocally([{ ...base, content: "A critic called it “a radical left council plan” on Monday." }, { ...STORM[2] }]);
    expect(own.articles[0].biasScore).toBeGreaterThan(0);
    expect(own.biasAnalysis).toContain("“radical left”");
    expect(quoted.articles[0].biasScore).toBe(0);
  });

  it("reads tone from the sentiment word list", async () => {
    const good = { title: "Rescue success", source: "CNN", summary: "", content: "A wonderful, joyful rescue: everyone is safe and happy, and the town celebrates." };
    const bad = { title: "Deadly crash", source: "Fox News", summary: "", content: "A terrible, deadly crash killed three people and injured many; officials fear more deaths." };
    const result = await analyzeLocally([good, bad]);
    expect(result.articles.map((a) => a.sentiment)).toEqual(["positive", "negative"]);
    expect(result.emotionalTone).toMatch(/^Mixed: /);
  });

  it("gives an unknown outlet no rating and a neutral score", async () => {
    const result = await analyzeLocally([{ ...STORM[0], source: "Valencia Daily" }, STORM[1]]);
    expect(result.articles[0].biasScore).toBe(0);
    expect(result.biasAnalysis).toContain("Valencia Daily unrated");
  });
});
