import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groundAnalysis } from "@/lib/analysis/grounding";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { STORM } from "@/tests/fixtures/analysis-articles";
import { cardAbout, fixtureCoverage, longCards, STORIES } from "@/tests/helpers/coverage";
import { describeLocalAnalyzerOn } from "@/tests/helpers/local-analyzer-checks";

/** A story told three ways, with the traps the issue lists (emphatic capitals, a date, UK and Britain). */
const AUKUS: AnalysisArticle[] = [
  {
    title: "France recalls envoys to US and Australia over submarine deal",
    source: "BBC News",
    summary:
      "France has recalled its ambassadors to the US and Australia after losing a submarine contract worth billions. The UK joined the new security pact.",
    content: "",
  },
  {
    title: "Secret talks left France in the dark before the Aukus pact",
    source: "The New York Times",
    summary:
      "Jan. 6 arrests aside, officials in Washington and Canberra held secret talks for months, giving France no warning. France recalled its ambassadors in protest.",
    content: "",
  },
  {
    title: "Britain WON'T escape being targeted, warns Peter Ricketts",
    source: "Daily Mail",
    summary:
      "France recalled its envoys as Lord Peter Ricketts said the UK would be next. Paris is furious at the submarine deal.",
    content: "",
  },
];

// The same checks on real coverage: tests/data/local-analyzer-real-coverage.test.ts (npm run test:data).
describeLocalAnalyzerOn(
  "local analyzer on overlapping coverage (the feed fixtures' two stories)",
  async () => {
    const items = await fixtureCoverage();
    return [
      { name: "wildfire", articles: cardAbout(items, STORIES.fixtures.wildfire) },
      { name: "capsule", articles: cardAbout(items, STORIES.fixtures.capsule) },
      { name: "storm fixture", articles: STORM },
      // Long same-day cards (every outlet, about 5,000 characters each), as the benchmark uses.
      ...longCards(items, 4).map((articles, k) => ({ name: `long card ${k}`, articles })),
    ];
  },
);

describe("local analyzer edge cases", () => {
  it("ignores the page's placeholders for related articles", async () => {
    const related = (title: string, source: string): AnalysisArticle => ({
      title,
      source,
      summary: "Related article",
      content: "Content not available",
    });
    const result = await analyzeLocally([
      related("Storm Elena floods Valencia streets", "BBC News"),
      related("Valencia streets under water after Storm Elena", "CNN"),
    ]);
    const all = JSON.stringify(result).toLowerCase();
    expect(all).not.toContain("related article");
    expect(all).not.toContain("content not available");
    // Neither writes the other's whole headline (BBC News not "under water", CNN not "floods"),
    // so each is quoted in its own words (decision 035).
    expect(result.commonPoints[0]).toMatchObject({
      text: "Both outlets report this, each with its own details; CNN: “Valencia streets under water after Storm Elena”; BBC News: “Storm Elena floods Valencia streets”",
      citations: [0, 1],
    });
    // Only headlines: each outlet's angle says so (the headline the shared fact quotes is not quoted twice).
    expect(result.angles).toEqual([
      { text: "BBC News gives only a headline, the shared report above", citations: [0] },
      { text: "CNN gives only a headline, the shared report above", citations: [1] },
    ]);
  });

  it("states the shared fact as the sentence most outlets report, cited to each of them, and each outlet's angle", async () => {
    const result = await analyzeLocally(AUKUS);
    // "Recalls envoys" and "recalled its ambassadors" (envoys, contract and deal) meet once synonyms
    // fold, so all three report it; the Times and the Mail name neither the US nor Australia, so
    // each is quoted in its own words rather than credited with the BBC's sentence (issue 25).
    expect(result.commonPoints[0]).toEqual({
      text:
        "All three outlets report this, each with its own details; BBC News: “France recalls envoys to US and Australia over submarine deal”; " +
        "The New York Times: “France recalled its ambassadors in protest.”; Daily Mail: “France recalled its envoys as Lord Peter Ricketts said the UK would be next.”",
      citations: [0, 1, 2],
    });
    expect(result.angles?.map((a) => a.text)).toEqual([
      "BBC News leads with the shared report above and adds: “France has recalled its ambassadors to the US and Australia after losing a submarine contract worth billions.”",
      "The New York Times leads with “Secret talks left France in the dark before the Aukus pact” and adds: “Jan. 6 arrests aside, officials in Washington and Canberra held secret talks for months, giving France no warning.”",
      "Daily Mail leads with “Britain WON'T escape being targeted, warns Peter Ricketts” and adds: “Paris is furious at the submarine deal.”",
    ]);
    expect(result.summary.split(/(?<=[.”])\s+(?=[A-Z])/).length).toBeLessThanOrEqual(3);
    // What happened (saying the outlets differ in details, not crediting the BBC's to all), then
    // how coverage differs, one clause per outlet from its lead: never a list of bare names
    // ("The New York Times gives Washington and Canberra", issue 32).
    expect(result.summary).toBe(
      "All three outlets report it, each with its own details; in the words of BBC News: “France recalls envoys to US and Australia over submarine deal”. " +
        "BBC News leads with “France has recalled its ambassadors to the US and Australia after losing a submarine contract worth billions.”; " +
        "The New York Times with “Secret talks left France in the dark before the Aukus pact”; " +
        "Daily Mail with “Britain WON'T escape being targeted, warns Peter Ricketts”.",
    );
  });

  it("says 'only' after checking word forms, and never of dates, emphatic capitals or the outlet's own name", async () => {
    const { differences } = await analyzeLocally(AUKUS);
    // What each "only" names, before the outlet's quoted sentence.
    const details = differences.map((d) => /^Only .+? mentions (.+?)(?:: “|\.$)/.exec(d.text)![1]).join("\n");
    // The BBC writes "UK": the Mail's "Britain" is not its own, nor "WON'T" a name, nor "Jan. 6" a figure.
    expect(details).not.toMatch(/Britain|WON'T|\bUK\b|\b6\b|Daily Mail|Lord/);
    // Its headline is quoted in its angle already: the claim names the detail without quoting it again.
    expect(differences.map((d) => d.text)).toContain("Only Daily Mail mentions Peter Ricketts.");
    const para = await analyzeLocally([
      {
        title: "Paralympian wins gold in Tokyo",
        source: "NPR",
        summary: "The Paralympian Ana Ruiz won gold on Sunday.",
        content: "",
      },
      {
        title: "Paralympic gold for Ruiz",
        source: "The Japan Times",
        summary: "Ana Ruiz took Paralympic gold in Tokyo, organisers said.",
        content: "",
      },
    ]);
    expect(para.differences.map((d) => d.text).join(" ")).not.toMatch(/Paralympi/);
    const border = await analyzeLocally([
      {
        title: "First lady visits the border",
        source: "CNN",
        summary: "Melania Trump flew to the US-Mexico border on Thursday.",
        content: "",
      },
      {
        title: "First lady's border trip",
        source: "Breitbart",
        summary: "Melania Trump visited the U.S. border with Mexico on Thursday.",
        content: "",
      },
    ]);
    expect(border.differences.map((d) => d.text).join(" ")).not.toMatch(/US-Mexico/);
    const spelled = await analyzeLocally([
      {
        title: "Zelensky meets leaders in Kyiv",
        source: "BBC News",
        summary: "President Volodymyr Zelensky met European leaders on Friday.",
        content: "",
      },
      {
        title: "Leaders meet Zelenskyy in Kyiv",
        source: "CNN",
        summary: "Volodymyr Zelenskyy welcomed European leaders to Kyiv on Friday.",
        content: "",
      },
    ]);
    expect(spelled.differences.map((d) => d.text).join(" ")).not.toMatch(/Zelensky/);
  });

  it("compares figures for the same thing side by side, and never reads a date as a figure", async () => {
    const report = (source: string, summary: string): AnalysisArticle => ({
      title: "Flood in Valencia",
      source,
      summary,
      content: "",
    });
    const differ = await analyzeLocally([
      report("BBC News", "At least 10,000 people fled on June 8."),
      report("CNN", "More than 9,500 people fled the city since the 1990s."),
    ]);
    expect(differ.figures).toEqual([
      {
        text: "The figures differ but can both hold: BBC News: at least 10,000 people; CNN: more than 9,500 people.",
        citations: [0, 1],
      },
    ]);
    expect(differ.summary).toContain(
      "The figures differ but can both hold: BBC News: at least 10,000 people; CNN: more than 9,500 people.",
    );
    // Compared side by side, so neither is an "only"; and no date is a figure.
    expect(differ.differences).toEqual([]);
    const cities = await analyzeLocally([
      report("CNN", "Curfews in 25 US cities as clashes continue."),
      report("Daily Mail", "Crowds gathered in Chicago and at least 35 other cities on Saturday."),
      report("Al Jazeera", "Curfews in place in more than 12 cities, on July 5 and 12."),
    ]);
    expect(cities.figures?.[0].text).toBe(
      "The figures differ but can both hold: CNN: 25 US cities; Daily Mail: at least 35 other cities; Al Jazeera: more than 12 cities.",
    );
    expect(cities.differences.map((d) => d.text).join(" ")).not.toMatch(/mentions[^:]*\b(?:5|12)\b/);
    const same = await analyzeLocally([
      report("BBC News", "The fire burned 12,000 hectares."),
      report("CNN", "Crews said the blaze burned 12,000 hectares of forest."),
    ]);
    expect(same.figures).toEqual([
      { text: "The figures agree: BBC News: 12,000 hectares; CNN: 12,000 hectares.", citations: [0, 1] },
    ]);
  });

  it("does not score agreement low because each outlet adds a detail", async () => {
    const report = (source: string, extra: string): AnalysisArticle => ({
      title: "Storm Elena floods Valencia",
      source,
      content: "",
      summary: `Storm Elena flooded Valencia on Monday, Mayor Ana Ruiz said. ${extra}`,
    });
    const result = await analyzeLocally([
      report("BBC News", "Trains to Madrid stopped."),
      report("CNN", "The Turia river rose."),
      report("Reuters", "Schools in Albufera closed."),
    ]);
    expect(result.factualAccuracy).toBe(100);
    expect(result.factualAccuracyMethod).toMatch(
      /^Corroboration: (\d+) of \1 compared details .*; [3-9] details appear in one outlet only and are not counted$/,
    );
  });

  it("sets negated wording aside in the tone, and says which wording drove it", async () => {
    const result = await analyzeLocally(AUKUS);
    expect(result.emotionalTone).not.toMatch(/positive side: [^.]*“escape”/);
    expect(result.emotionalTone).toMatch(/Negated wording is not scored either way: [^.]*“won't escape”/);
    expect(result.emotionalTone).toMatch(/“\w+” \((BBC News|The New York Times|Daily Mail)\)/);
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
    const own = await analyzeLocally([
      { ...base, content: "The radical left council pushed the plan through." },
      { ...STORM[2] },
    ]);
    const quoted = await analyzeLocally([
      { ...base, content: "A critic called it “a radical left council plan” on Monday." },
      { ...STORM[2] },
    ]);
    expect(own.articles[0].biasScore).toBeGreaterThan(0);
    expect(own.biasAnalysis).toContain("“radical left”");
    expect(quoted.articles[0].biasScore).toBe(0);
  });

  it("reads tone from the sentiment word list", async () => {
    const good = {
      title: "Rescue success",
      source: "CNN",
      summary: "",
      content: "A wonderful, joyful rescue: everyone is safe and happy, and the town celebrates.",
    };
    const bad = {
      title: "Deadly crash",
      source: "Fox News",
      summary: "",
      content: "A terrible, deadly crash killed three people and injured many; officials fear more deaths.",
    };
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

describe("local analyzer on generated cards", () => {
  // Words of every kind the analyzer treats apart: names, demonyms, dates, figures, emphasis, quotations, outlets.
  const word = fc.constantFrom(
    "Storm",
    "Elena",
    "flooded",
    "Valencia",
    "Spain",
    "Spanish",
    "UK",
    "Britain",
    "British",
    "WON'T",
    "NASA",
    "Jan.",
    "6",
    "June",
    "8,",
    "1990s",
    "10,000",
    "9,500",
    "people",
    "at least",
    "more than",
    "the",
    "said",
    "on",
    "Monday",
    "Mayor",
    "Ana",
    "Ruiz",
    "“we will rebuild”",
    "'looting and shooting'",
    "Reuters",
    "(Reuters)",
    "-",
    "LONDON",
    "—",
    "US-Mexico",
    "Zelensky",
    "Zelenskyy",
    "twice",
    "not",
    "escape",
    "killed",
    "injured",
    "3",
    "cities",
    "other",
    "$2.5bn",
    "July",
    "5",
    "and",
    "12",
    ".",
    "!",
    "?",
    "…",
    "Covid-19",
    "Saudi-led",
    "Falcon",
    "9",
    // Contradictions (decision 051): a denial, a negation and the predicates they govern.
    "denied",
    "was",
    "had",
    "arrested",
    "banned",
  );
  const sentence = fc.array(word, { minLength: 1, maxLength: 14 }).map((w) => w.join(" "));
  const text = fc.array(sentence, { maxLength: 4 }).map((s) => s.join(". "));
  const article = fc.record({
    title: sentence,
    summary: text,
    content: fc.oneof(fc.constant(""), text),
    source: fc.constantFrom("BBC News", "CNN", "Reuters", "Daily Mail", "The Guardian", "Valencia Daily"),
  });

  it("always answers, and everything it says passes the grounding check untouched", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(article, { minLength: 2, maxLength: 5 }), async (articles) => {
        const result = await analyzeLocally(articles);
        const { analysis, report } = await groundAnalysis(result, articles);
        expect(report.notes).toEqual([]);
        expect(analysis).toEqual(result);
      }),
      { numRuns: 300, seed: 16 },
    );
  });
});
