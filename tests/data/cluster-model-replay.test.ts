/**
 * Story clustering with a model's verdicts, by replay (docs/decisions/025, 027, 028, 174): each
 * labelled dev day is clustered with pair weights fitted on the other days, and its questions go
 * in up to five rounds (the grey zone, then what the cards with the answers leave open, and once
 * the wider questions about the reports no card holds) through the product's OpenAI-compatible
 * path to a replay server of the answers a capable language model wrote to the exact prompt
 * (tests/fixtures/model-replay/pairs/README.md); the day is clustered again with the verdicts. A
 * change of the prompt, the batching, the grey zone, the assembly or the follow-up questions makes
 * requests without a recording, and fails here until new answers are recorded.
 */
import { afterAll, describe, expect, it } from "vitest";
import { meanFigures, readLabelledDays } from "@/scripts/lib/cluster-eval/cross-day";
import { judgedCrossDay } from "@/scripts/lib/cluster-eval/judged-cross-day";
import { SameEventJudge } from "@/lib/cluster/verdicts/same-event-judge";
import { startModelReplay } from "@/tests/helpers/model-replay";
import { sharedDataPath } from "../helpers/shared-data";

const replay = await startModelReplay({ dir: "tests/fixtures/model-replay/pairs" });
afterAll(() => replay.close());

// The product's defaults (lib/env.ts), which the recordings were made with.
const judge = new SameEventJudge({
  baseURL: replay.url,
  model: replay.model,
  maxRetries: 0,
  maxPairs: 600,
  pairsPerCall: 40,
  maxCalls: 20,
  maxTokens: 120_000,
  budgetMs: 45_000,
  concurrency: 1,
});
const days = readLabelledDays(sharedDataPath("clustering"));
const results = await judgedCrossDay(days, judge, { rounds: 5, maxPairs: 600 });

describe("with the recorded answers of a capable model", () => {
  it("has a recording for every request, and asks at most 20 calls a day", () => {
    expect(replay.missing()).toEqual([]);
    for (const { day, ask } of results) {
      expect([day, ask.calls]).toEqual([day, expect.toSatisfy((n: number) => n >= 1 && n <= 20)]);
      expect([day, ask.failures]).toEqual([day, {}]);
    }
  });

  // Floors at or a little under the figures of decision 174 (mean 94.8 % pure, 1.8 % misplaced,
  // 87.1 % carded, 4.1 % duplicates; the worst day 85.7 % pure, 5.5 % misplaced, 76 % carded).
  // The wider questions traded 0.4 points of purity and 0.5 of misplacement for 2.5 points of
  // stories carded and 0.5 fewer duplicates (decision 174). Issue 31's per-day targets (95 %, 2 %)
  // are not met on two days; decisions 027, 028, 162 and 174 say where and why.
  it("cards far more stories than words alone, nearly as pure", () => {
    const judged = meanFigures(results.map((r) => r.judged));
    const lexical = meanFigures(results.map((r) => r.lexical));
    expect(judged.carded).toBeGreaterThanOrEqual(0.865);
    expect(judged.carded - lexical.carded).toBeGreaterThanOrEqual(0.2);
    expect(judged.pure).toBeGreaterThanOrEqual(0.945);
    expect(judged.misplaced).toBeLessThanOrEqual(0.019);
    expect(judged.duplicates).toBeLessThanOrEqual(0.045);
    for (const { day, judged: f } of results) {
      expect([day, f.pure]).toEqual([day, expect.toSatisfy((x: number) => x >= 0.85)]);
      expect([day, f.misplaced]).toEqual([day, expect.toSatisfy((x: number) => x <= 0.057)]);
      expect([day, f.carded]).toEqual([day, expect.toSatisfy((x: number) => x >= 0.75)]);
    }
  });
});
