/**
 * The local analyzer's quality on the team's fourteen labelled stories (npm run analysis:eval,
 * tests/fixtures/analysis-eval-stories.ts): the figures it reached are floors, so a change that
 * states fewer shared facts or outlet angles fails here, and it must never say a false "only",
 * write what the grounding check rejects, or carry a feed artefact into a statement.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { scoreStories, totals, type StoryScore } from "@/scripts/lib/analysis-eval";
import { sharedDataPath } from "../helpers/shared-data";

describe("local analyzer on the labelled dev-day stories", () => {
  let scores: StoryScore[];
  beforeAll(async () => {
    scores = await scoreStories((day) => readFileSync(sharedDataPath("clustering", `feeds-dev-${day}.jsonl`), "utf8"));
  });

  it("states at least the expected shared facts and angles it stated when this test was written", () => {
    const t = totals(scores);
    // 2018-06-23 and 2020-05-31: 24 expected facts, 42 expected angles (before issue 16: 16 and 16).
    expect(t.facts.expected).toBe(24);
    expect(t.angles.expected).toBe(42);
    expect(t.facts.stated).toBeGreaterThanOrEqual(18);
    expect(t.angles.stated).toBeGreaterThanOrEqual(41);
  });

  it("states a shared fact for every story that has one in its headlines or leads", () => {
    const without = scores.filter((s) => s.facts.stated === 0).map((s) => s.slug);
    expect(without).toEqual(["migrant-housing-military-bases"]);
  });

  it("says no false 'only', writes nothing the grounding check rejects, and carries no feed artefact", () => {
    for (const s of scores) {
      expect(s.falseOnly, s.slug).toEqual([]);
      expect(s.rejected, s.slug).toEqual([]);
      expect(s.artefacts, s.slug).toEqual([]);
    }
  });

  it("answers every story well within the time budget", () => {
    for (const s of scores) expect(s.ms, s.slug).toBeLessThan(1_000);
  });
});
