import { describe, expect, it } from "vitest";
import type { GreyPair } from "@/lib/cluster/verdicts/grey-zone";
import {
  askInRounds,
  combineReports,
  roundQuestions,
  type RoundQuestions,
} from "@/lib/cluster/verdicts/model-rounds";
import type { PairVerdict } from "@/lib/cluster/verdicts/pair-verdicts";
import type { AskSpent } from "@/lib/cluster/verdicts/same-event-judge";
import type { AskReport } from "@/lib/cluster/verdicts/same-event-metrics";
import { GREY_ZONE } from "@/lib/cluster/tuning";

const pair = (k: number): GreyPair => ({ a: `a${k}`, b: `b${k}`, probability: 0.5 });

function report(
  questions: readonly GreyPair[],
  verdict: PairVerdict["verdict"] | null,
  extra: Partial<AskReport> = {},
): AskReport {
  return {
    model: "m",
    offered: questions.length,
    asked: questions.length,
    calls: 1,
    verdicts: verdict ? questions.map((p) => ({ a: p.a, b: p.b, verdict })) : [],
    unanswered: 0,
    failures: {},
    promptTokens: 100,
    completionTokens: 10,
    ms: 5,
    stoppedBy: null,
    ...extra,
  };
}

/**
 * A fake batch: each clustering asked for questions returns `perRound` new pairs (and what it
 * was asked for); each ask answers with `answers[round]`.
 */
function harness(options: {
  perRound: number;
  answers: (PairVerdict["verdict"] | null)[];
  stopped?: AskReport["stoppedBy"];
}) {
  const clusterings: { known: number; questions: RoundQuestions }[] = [];
  const asks: AskSpent[] = [];
  let next = 0;
  return {
    clusterings,
    asks,
    rounds: {
      rounds: 3,
      maxPairs: 600,
      cluster: async (known: readonly PairVerdict[], questions: RoundQuestions) => {
        clusterings.push({ known: known.length, questions });
        const asked = questions.greyZone ?? questions.followUp;
        const pairs = asked ? Array.from({ length: options.perRound }, () => pair(next++)) : [];
        return { result: `cards from ${known.length} verdicts`, questions: pairs };
      },
      ask: async (questions: readonly GreyPair[], spent: AskSpent) => {
        asks.push(spent);
        const verdict = options.answers[asks.length - 1] ?? null;
        return report(questions, verdict, { stoppedBy: options.stopped ?? null });
      },
    },
  };
}

describe("rounds of questions", () => {
  it("asks the grey zone first, then follow-ups on the cards the answers make, up to the rounds, then clusters once more", async () => {
    const h = harness({ perRound: 4, answers: ["same", "different", "same"] });
    const outcome = await askInRounds([], true, h.rounds);
    expect(outcome.reports).toHaveLength(3);
    expect(h.clusterings.map((c) => c.known)).toEqual([0, 4, 8, 12]);
    expect(h.clusterings[0].questions.greyZone).toBeDefined();
    expect(h.clusterings[1].questions.followUp).toBeDefined();
    expect(h.clusterings[2].questions.followUp).toBeDefined();
    // The last clustering asks for nothing: those are the cards.
    expect(h.clusterings[3].questions).toEqual({});
    expect(outcome.result).toBe("cards from 12 verdicts");
    expect(outcome.verdicts).toHaveLength(12);
    expect(outcome.left).toBe(true);
    // Each round is bounded by what the earlier ones spent.
    expect(h.asks).toEqual([
      { pairs: 0, calls: 0, tokens: 0, ms: 0 },
      { pairs: 4, calls: 1, tokens: 110, ms: 5 },
      { pairs: 8, calls: 2, tokens: 220, ms: 10 },
    ]);
  });

  it("starts with follow-ups when verdicts are already stored", async () => {
    const h = harness({ perRound: 2, answers: ["same"] });
    await askInRounds([{ a: "x", b: "y", verdict: "same" }], true, h.rounds);
    expect(h.clusterings[0].questions.followUp).toBeDefined();
  });

  it("stops when an answer settles nothing, keeping the cards it had", async () => {
    const h = harness({ perRound: 3, answers: ["unclear"] });
    const outcome = await askInRounds([], true, h.rounds);
    expect(outcome.reports).toHaveLength(1);
    expect(h.clusterings).toHaveLength(1);
    expect(outcome.result).toBe("cards from 0 verdicts");
    expect(outcome.left).toBe(false);
  });

  it("stops after a round a bound or a failure cut short, and says questions are left", async () => {
    const h = harness({ perRound: 3, answers: ["same"], stopped: "calls" });
    const outcome = await askInRounds([], true, h.rounds);
    expect(outcome.reports).toHaveLength(1);
    expect(h.clusterings).toHaveLength(2);
    expect(outcome.left).toBe(true);
  });

  it("stops when nothing is left to ask, and clusters once without asking", async () => {
    const h = harness({ perRound: 0, answers: [] });
    const outcome = await askInRounds([], true, h.rounds);
    expect(outcome.reports).toEqual([]);
    expect(outcome.left).toBe(false);
    const idle = harness({ perRound: 5, answers: [] });
    expect((await askInRounds([], false, idle.rounds)).reports).toEqual([]);
    expect(idle.clusterings).toEqual([{ known: 0, questions: {} }]);
  });

  // Decision 174: the wider questions, once a rebuild, after the follow-ups.
  it("asks the wider questions once: when the follow-ups leave nothing, or in the round before the last", async () => {
    const run = async (followUps: number[]) => {
      const asked: GreyPair[][] = [];
      const turns: RoundQuestions[] = [];
      let next = 0;
      const outcome = await askInRounds([], true, {
        rounds: 5,
        maxPairs: 600,
        cluster: async (known, questions) => {
          turns.push(questions);
          const round = turns.length - 1;
          if (!questions.greyZone && !questions.followUp) return { result: known.length, questions: [] };
          const pairs = Array.from({ length: questions.greyZone ? 2 : (followUps[round - 1] ?? 0) }, () =>
            pair(next++),
          );
          const { wider } = questions;
          const widen = wider && (wider.always || !pairs.length);
          return { result: known.length, questions: pairs, wider: widen ? [pair(1000 + round)] : [] };
        },
        ask: async (questions) => {
          asked.push([...questions]);
          return report(questions, "same");
        },
      });
      return { asked, turns, outcome };
    };
    // The follow-ups run dry in round 3: it asks the wider questions alone; round 4 follows up.
    const dry = await run([3, 0, 1, 0]);
    expect(dry.asked.map((questions) => questions.map((p) => p.a))).toEqual([
      ["a0", "a1"],
      ["a2", "a3", "a4"],
      ["a1002"],
      ["a5"],
    ]);
    expect(dry.turns.map((t) => t.wider?.always)).toEqual([undefined, false, false, undefined, undefined]);
    // They never do: the round before the last asks them after its follow-ups.
    const busy = await run([1, 1, 1, 1]);
    expect(busy.asked.map((questions) => questions.map((p) => p.a))).toEqual([
      ["a0", "a1"],
      ["a2"],
      ["a3"],
      ["a4", "a1003"],
      ["a5"],
    ]);
    expect(busy.turns.map((t) => t.wider?.always)).toEqual([
      undefined,
      false,
      false,
      true,
      undefined,
      undefined,
    ]);
  });

  it("gives a round at most the grey zone's share, and none past the rebuild's pair bound", () => {
    expect(roundQuestions(true, 0, 600, { always: true }).wider).toMatchObject({
      always: true,
      low: GREY_ZONE.low,
    });
    expect(roundQuestions(false, 0, 600, { always: true }).wider).toBeUndefined();
    expect(roundQuestions(false, 0, 600).greyZone?.limit).toBe(GREY_ZONE.perRound);
    expect(roundQuestions(true, 500, 600).followUp?.limit).toBe(100);
    expect(roundQuestions(true, 600, 600)).toEqual({});
  });

  it("adds the rounds' reports up", () => {
    const total = combineReports(
      [
        report([pair(1)], "same"),
        report([pair(2), pair(3)], "different", { failures: { timeout: 1 }, stoppedBy: "time" }),
      ],
      "m",
    );
    expect(total).toMatchObject({
      asked: 3,
      calls: 2,
      promptTokens: 200,
      failures: { timeout: 1 },
      stoppedBy: "time",
    });
    expect(total.verdicts).toHaveLength(3);
  });
});
