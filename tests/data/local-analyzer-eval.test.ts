/**
 * The local analyzer's quality on the team's labelled stories (npm run analysis:eval,
 * tests/fixtures/analysis-eval-stories.ts): the figures it reached are floors (and, for what
 * should fall, ceilings), so a change that states fewer shared facts, outlet angles or figure
 * pairs, or repeats more, fails here; it must never say a false "only", write what the grounding
 * check rejects, or carry a feed artefact into a statement. The stories tuned on and those only
 * reported are held to their own figures.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { scoreStories, totals, type StoryScore } from "@/scripts/lib/analysis-eval";
import { sharedDataPath } from "../helpers/shared-data";

/** Labelled facts whose "N of M" an answer states rightly and wrongly (issue 32), as reached when this test was written. */
const TUNE_COUNTS_RIGHT = 19;
const TUNE_COUNTS_WRONG = 3;
const REPORT_COUNTS_RIGHT = 9;
const REPORT_COUNTS_WRONG = 1;

describe("local analyzer on the labelled dev-day stories", () => {
  let scores: StoryScore[];
  const split = (name: StoryScore["split"]) => totals(scores.filter((s) => s.split === name));
  beforeAll(async () => {
    scores = await scoreStories((day) => readFileSync(sharedDataPath("clustering", `feeds-dev-${day}.jsonl`), "utf8"));
  });

  it("states at least the expected shared facts, angles and figure pairs it stated when this test was written", () => {
    const tune = split("tune");
    const report = split("report");
    // 18 stories tuned on: 31 expected facts (9 worded differently), 60 angles, 4 figure pairs.
    expect([tune.facts.expected, tune.reworded.expected, tune.angles.expected, tune.figurePairs.expected]).toEqual([
      31, 9, 60, 4,
    ]);
    // 28 until a supporter credited with a sentence had to write its action (decision 035): the
    // Turkey story's "elections will decide if Erdogan will stay in power" is no longer credited to
    // outlets that report the rallies and the campaign, and the EU-US story's "came into force" was
    // found only in a standfirst glued to its body (decision 053).
    // 27 since a fact every outlet states negatively is shared (zimbabwe: "He was not injured", decision 051).
    // 29 (and 8 worded differently) since an outlet is credited with a quoted sentence only when it
    // holds most of it besides names, and is otherwise quoted in its own words (decision 035).
    expect(tune.facts.stated).toBeGreaterThanOrEqual(29);
    expect(tune.reworded.stated).toBeGreaterThanOrEqual(8);
    expect(tune.angles.stated).toBeGreaterThanOrEqual(59);
    // 4 since vague magnitudes are figures (brexit-march-london's crowd, decision 036).
    expect(tune.figurePairs.stated).toBeGreaterThanOrEqual(4);
    // 8 stories only reported: 12 facts (9 worded differently), 29 angles, 1 figure pair.
    expect([report.facts.expected, report.reworded.expected, report.angles.expected, report.figurePairs.expected]).toEqual([
      12, 9, 29, 1,
    ]);
    // 11 since a question is no shared fact (kim-jong-un-health-rumours then states its fact).
    expect(report.facts.stated).toBeGreaterThanOrEqual(11);
    expect(report.angles.stated).toBeGreaterThanOrEqual(29);
    // "three videos" and "three Navy videos" (counts in words, decision 036).
    expect(report.figurePairs.stated).toBeGreaterThanOrEqual(1);
  });

  it("repeats quotes, cites unsupporting outlets and rests 'only' on single words no more than when this test was written", () => {
    const all = totals(scores);
    // Before issue 25 (main's analyzer, this matching): 175 repeated quotes, 21 unsupported citations, 49 single-word "only" items.
    // The summary, written to stand alone, is not counted since issue 32 (6 on main's analyzer then).
    expect(all.repeatedQuotes).toBeLessThanOrEqual(5);
    expect(all.unsupportedCitations).toBe(0);
    // The bias text shows words of the articles (1 of 26 stories before issue 25).
    expect(all.biasShowsWording).toBeGreaterThanOrEqual(24);
    // 12 before the editors' review of issue 25 (a figure said twice with a lone adjective); 11
    // before issue 32, since when a one-word name is no detail (the one left is a quotation's words).
    expect(all.singleWordOnly).toBeLessThanOrEqual(1);
    // Words of analysis per word of articles: 2.37 before issue 25, 1.68 after it; 2.02 since the
    // summary stands alone with one clause per outlet (issue 32: 26–58 words a summary before,
    // 40–101 after). Each summary stays short enough to read first.
    expect(all.words.analysis / all.words.articles).toBeLessThan(2.1);
    for (const s of scores) expect(s.result.summary.split(/\s+/).length, s.slug).toBeLessThanOrEqual(120);
  });

  it("states a shared fact for every story but one", () => {
    // kim-jong-un-health-rumours had none while its question headline stood for the shared fact.
    // turkey-election shares names, not a statement (decision 035): its summary says what each
    // outlet leads with instead (issue 32), never that the outlets may describe different events.
    const without = scores.filter((s) => s.facts.stated === 0).map((s) => s.slug);
    expect(without).toEqual(["turkey-election"]);
    const turkey = scores.find((s) => s.slug === "turkey-election")!;
    expect(turkey.result.summary).toMatch(/^All three outlets tell it their own way: BBC News leads with “/);
  });

  it("writes summaries that stand alone: no bare keyword list, no denied card, counts of outlets that hold (issue 32)", () => {
    for (const s of scores) {
      expect(s.keywordList, s.slug).toEqual([]);
      expect(s.denied, s.slug).toEqual([]);
      expect(s.mispairedFigures, s.slug).toEqual([]);
      expect(s.cutUnits, s.slug).toEqual([]);
    }
    // Before issue 32: 11 of 18 tuned and 8 of 8 reported summaries ended in a keyword list; 1 denied its card.
    const tune = split("tune");
    const report = split("report");
    expect(tune.counts.labelled).toBe(31);
    expect(report.counts.labelled).toBe(12);
    // "N of M" right on 14 of 22 tuned and 8 of 11 reported facts a count states before issue 32.
    expect(tune.counts.judged - tune.counts.wrong).toBeGreaterThanOrEqual(TUNE_COUNTS_RIGHT);
    expect(tune.counts.wrong).toBeLessThanOrEqual(TUNE_COUNTS_WRONG);
    expect(report.counts.judged - report.counts.wrong).toBeGreaterThanOrEqual(REPORT_COUNTS_RIGHT);
    expect(report.counts.wrong).toBeLessThanOrEqual(REPORT_COUNTS_WRONG);
  });

  it("says no false 'only' nor false contradiction, writes nothing the grounding check rejects, and carries no feed artefact", () => {
    for (const s of scores) {
      expect(s.falseOnly, s.slug).toEqual([]);
      expect(s.contradictions.false, s.slug).toEqual([]);
      expect(s.rejected, s.slug).toEqual([]);
      expect(s.artefacts, s.slug).toEqual([]);
    }
  });

  it("answers every story well within the time budget", () => {
    for (const s of scores) expect(s.ms, s.slug).toBeLessThan(1_000);
  });
});
