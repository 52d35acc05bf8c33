/**
 * The model path on the labelled dev stories (npm run analysis:eval -- --provider=replay): each
 * story's articles go through the product's real OpenAI-compatible path to the replay server,
 * which answers from the recordings a capable language model wrote to the product's exact prompts
 * (tests/fixtures/model-replay/analysis/README.md); the answers are checked and completed as the
 * service does it. Every story has a recording (a change of prompt shows up here as missing
 * ones, saved for a new recording); the grounding check removes every planted error and no
 * supported point (tests/fixtures/analysis-planted.ts), and removes little of the answers
 * themselves; the figures reached are floors.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoreStories, totals, type StoryScore } from "@/scripts/lib/analysis-eval";
import { replayRun, type ReplayRun } from "@/scripts/lib/analysis-replay";
import { EVAL_STORIES } from "@/tests/fixtures/analysis-eval-stories";
import { sharedDataPath } from "../helpers/shared-data";

describe("the model path on the labelled dev-day stories, answers replayed", () => {
  let run: ReplayRun;
  let scores: StoryScore[];
  beforeAll(async () => {
    run = await replayRun();
    scores = await scoreStories(
      (day) => readFileSync(sharedDataPath("clustering", `feeds-dev-${day}.jsonl`), "utf8"),
      EVAL_STORIES,
      run.analyse,
    );
  }, 120_000);
  afterAll(() => run?.close());

  it("has a recording for every story's request", () => {
    expect(run.missing).toEqual([]);
    expect(scores).toHaveLength(EVAL_STORIES.length);
  });

  it("removes every planted error and no supported point", () => {
    const errors = run.planted.reduce((n, p) => n + p.errors, 0);
    const supported = run.planted.reduce((n, p) => n + p.supported, 0);
    expect(errors).toBeGreaterThanOrEqual(20);
    expect(supported).toBeGreaterThanOrEqual(20);
    for (const p of run.planted) {
      expect(p.errorsKept, p.slug).toEqual([]);
      expect(p.supportedRemoved, p.slug).toEqual([]);
      expect(p.supportedCitationsLost, p.slug).toEqual([]);
    }
  });

  it("keeps the answers whole: at most five statements removed, no summary left empty", () => {
    // 86 points and sentences with the grounding check before issue 30; these five are not in
    // the cited outlet's words ("on Twitter" for "tweeted", "EU" for "Europe's", "the UK" for
    // "Oxford University", a figure of one outlet credited to two, a paraphrase with no word in common).
    expect(totals(scores).rejected).toBeLessThanOrEqual(5);
    for (const s of scores) {
      expect(s.result.frontendSummary.trim(), s.slug).not.toBe("");
      expect(s.result.summary.trim(), s.slug).not.toBe("");
      expect(s.falseOnly, s.slug).toEqual([]);
    }
  });

  it("states at least the shared facts, angles and figure pairs it stated when this test was written", () => {
    const t = totals(scores);
    expect(t.facts.stated).toBeGreaterThanOrEqual(40); // of 43
    expect(t.angles.stated).toBeGreaterThanOrEqual(63); // of 89 (the labels quote the outlets' own words)
    expect(t.figurePairs.stated).toBe(t.figurePairs.expected);
  });

  it("gives every answer the product's own numbers", () => {
    for (const s of scores) {
      expect(s.result.factualAccuracyMethod, s.slug).toMatch(/^Corroboration: /);
      expect(s.result.corroboration, s.slug).toBeDefined();
      expect(s.result.angles?.length, s.slug).toBeGreaterThan(0);
    }
  });
});
