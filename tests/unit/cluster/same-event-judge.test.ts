import { afterAll, describe, expect, it } from "vitest";
import type { GreyPair } from "@/lib/cluster/verdicts/grey-zone";
import { SameEventJudge, type SameEventJudgeOptions } from "@/lib/cluster/verdicts/same-event-judge";
import { batchPairs, batchRequest, readAnswer } from "@/lib/cluster/verdicts/same-event-prompt";
import type { ClusterArticle } from "@/lib/cluster/types";
import { startOpenAIStub, type StubReply } from "@/tests/helpers/openai-stub";

/**
 * The same-event judge against a real loopback OpenAI-compatible server: the requests it sends,
 * the verdicts it reads, its bounds (pairs, calls, tokens, time) and what each failure does.
 */
const stub = await startOpenAIStub();
afterAll(() => stub.close());

const T0 = Date.UTC(2026, 2, 10, 12);
const articles = new Map<string, ClusterArticle>(
  Array.from({ length: 12 }, (_, k) => {
    const id = `a${String(k).padStart(2, "0")}`;
    return [
      id,
      {
        id,
        title: `Headline number ${k}`,
        summary: k % 3 ? `Summary of report ${k}.` : "",
        sourceId: `outlet-${k % 4}`,
        publishedAt: new Date(T0 + k * 60_000),
      },
    ];
  }),
);
// Six pairs, best first: (a00, a01), (a00, a02), (a03, a04), (a05, a06), (a07, a08), (a09, a10).
const PAIRS: GreyPair[] = [
  ["a00", "a01"],
  ["a00", "a02"],
  ["a03", "a04"],
  ["a05", "a06"],
  ["a07", "a08"],
  ["a09", "a10"],
].map(([a, b], k) => ({ a, b, probability: 0.9 - k / 10 }));

const judge = (options: Partial<SameEventJudgeOptions> = {}) =>
  new SameEventJudge({
    baseURL: stub.url,
    model: "judge",
    maxRetries: 0,
    maxPairs: 100,
    pairsPerCall: 3,
    maxCalls: 10,
    maxTokens: 1_000_000,
    budgetMs: 2_000,
    concurrency: 1,
    ...options,
  });

const answerAll = (n: number, verdict = "same"): StubReply => ({
  json: { verdicts: Array.from({ length: n }, (_, k) => ({ pair: k + 1, verdict })) },
});

describe("batching and reading answers", () => {
  it("keeps pairs that share a report in one batch, and lists each report once", () => {
    const batches = batchPairs(PAIRS, 3);
    expect(batches.map((b) => b.map((p) => `${p.a}-${p.b}`))).toEqual([
      ["a00-a01", "a00-a02", "a03-a04"],
      ["a05-a06", "a07-a08", "a09-a10"],
    ]);
    const { messages } = batchRequest(batches[0], articles);
    expect(messages[1].content).toBe(
      [
        "Reports:",
        "",
        "R1 | outlet-0 | 2026-03-10 12:00 UTC\nHeadline: Headline number 0\nSummary: (none)",
        "",
        "R2 | outlet-1 | 2026-03-10 12:01 UTC\nHeadline: Headline number 1\nSummary: Summary of report 1.",
        "",
        "R3 | outlet-2 | 2026-03-10 12:02 UTC\nHeadline: Headline number 2\nSummary: Summary of report 2.",
        "",
        "R4 | outlet-3 | 2026-03-10 12:03 UTC\nHeadline: Headline number 3\nSummary: (none)",
        "",
        "R5 | outlet-0 | 2026-03-10 12:04 UTC\nHeadline: Headline number 4\nSummary: Summary of report 4.",
        "",
        "Pairs:\n1: R1 and R2\n2: R1 and R3\n3: R4 and R5",
      ].join("\n"),
    );
  });

  it("reads an answer pair by pair: first answer wins, unknown numbers and gaps are no verdict", () => {
    const pairs = PAIRS.slice(0, 3);
    const answer = {
      verdicts: [
        { pair: 2, verdict: "different" },
        { pair: 2, verdict: "same" },
        { pair: 9, verdict: "same" },
        { pair: 1, verdict: "unclear" },
      ],
    };
    expect(readAnswer(JSON.stringify(answer), pairs)).toEqual({
      verdicts: [
        { a: "a00", b: "a02", verdict: "different" },
        { a: "a00", b: "a01", verdict: "unclear" },
      ],
      unanswered: 1,
    });
    expect(() => readAnswer("Pair 1: same", pairs)).toThrow("not JSON");
    expect(() => readAnswer('{"verdicts":[{"pair":1,"verdict":"maybe"}]}', pairs)).toThrow(
      "not the answer format",
    );
  });
});

describe("SameEventJudge", () => {
  it("asks in batches and returns every verdict, with the tokens the server counted", async () => {
    stub.script([answerAll(3), answerAll(3, "different")]);
    const report = await judge().ask(PAIRS, articles);
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[0]).toMatchObject({ model: "judge", temperature: 0 });
    expect(report).toMatchObject({
      offered: 6,
      asked: 6,
      calls: 2,
      unanswered: 0,
      failures: {},
      stoppedBy: null,
    });
    expect(report.verdicts.map((v) => v.verdict)).toEqual([
      "same",
      "same",
      "same",
      "different",
      "different",
      "different",
    ]);
    expect(report.promptTokens).toBe(2);
  });

  it("asks no more pairs, calls or tokens than its bounds allow, and says which bound stopped it", async () => {
    stub.script([answerAll(3), answerAll(3)]);
    expect(await judge({ maxPairs: 4 }).ask(PAIRS, articles)).toMatchObject({
      asked: 4,
      calls: 2,
      stoppedBy: "pairs",
    });
    stub.script([answerAll(3)]);
    expect(await judge({ maxCalls: 1 }).ask(PAIRS, articles)).toMatchObject({
      asked: 3,
      calls: 1,
      stoppedBy: "calls",
    });
    const oneBatch = batchRequest(batchPairs(PAIRS, 3)[0], articles).estimatedTokens;
    stub.script([answerAll(3)]);
    expect(await judge({ maxTokens: oneBatch + 10 }).ask(PAIRS, articles)).toMatchObject({
      calls: 1,
      stoppedBy: "tokens",
    });
  });

  it("counts what earlier rounds of the rebuild spent against the same bounds", async () => {
    stub.script([answerAll(3)]);
    const spent = { pairs: 0, calls: 9, tokens: 0, ms: 0 };
    expect(await judge().ask(PAIRS, articles, spent)).toMatchObject({ calls: 1, stoppedBy: "calls" });
    stub.script([answerAll(3)]);
    expect(
      await judge({ maxPairs: 8 }).ask(PAIRS, articles, { pairs: 5, calls: 0, tokens: 0, ms: 0 }),
    ).toMatchObject({ asked: 3, calls: 1, stoppedBy: "pairs" });
    const oneBatch = batchRequest(batchPairs(PAIRS, 3)[0], articles).estimatedTokens;
    stub.script([answerAll(3)]);
    const tokens = { pairs: 0, calls: 0, tokens: 1_000_000 - oneBatch - 10, ms: 0 };
    expect(await judge().ask(PAIRS, articles, tokens)).toMatchObject({ calls: 1, stoppedBy: "tokens" });
    // The time the earlier rounds took leaves nothing: no call is made.
    const requests = stub.requests.length;
    const late = await judge().ask(PAIRS, articles, { pairs: 0, calls: 0, tokens: 0, ms: 2_000 });
    expect(late).toMatchObject({ calls: 0, asked: 0, stoppedBy: "time" });
    expect(stub.requests).toHaveLength(requests);
  });

  const stops: [string, StubReply][] = [
    ["an HTTP error", { status: 503 }],
    ["a rate limit", { status: 429 }],
    ["a refused key", { status: 401 }],
  ];
  for (const [what, reply] of stops)
    it(`makes no further call after ${what}`, async () => {
      stub.script([reply, answerAll(3)]);
      const report = await judge().ask(PAIRS, articles);
      expect(stub.requests).toHaveLength(1);
      expect(report).toMatchObject({ calls: 1, verdicts: [], failures: { error: 1 }, stoppedBy: "failure" });
    });

  const passes: [string, StubReply, string][] = [
    ["a refusal", { refusal: "I can't help with that." }, "refused"],
    ["an answer that is not JSON", { content: "Pair 1 is the same story." }, "malformed"],
    ["an answer out of format", { json: { pairs: [] } }, "malformed"],
    ["a request the server cannot take", { status: 422 }, "error"],
  ];
  for (const [what, reply, kind] of passes)
    it(`counts ${what} and goes on with the other batches`, async () => {
      stub.script([reply, answerAll(3)]);
      const report = await judge().ask(PAIRS, articles);
      expect(report).toMatchObject({ calls: 2, failures: { [kind]: 1 }, stoppedBy: null });
      expect(report.verdicts).toHaveLength(3);
    });

  it("returns by its deadline whatever the model does, waiting without holding the thread", async () => {
    stub.script([{ delayMs: 10_000, then: answerAll(3) }, answerAll(3)]);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const report = await judge({ budgetMs: 800 }).ask(PAIRS, articles);
    const used = process.cpuUsage(cpu);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(790);
    expect(elapsed).toBeLessThan(1_500);
    // The wait is I/O, not a loop holding the thread (that would cost about the 800 ms): the
    // process, the stub's server included, spends 30–110 ms of CPU in it, the most on a machine
    // busy with other work, so the event loop is free for the liveness probe all along.
    expect((used.user + used.system) / 1000).toBeLessThan(250);
    expect(report).toMatchObject({ calls: 1, verdicts: [], stoppedBy: "time" });
  });
});
