import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { goodAnswer, STORM } from "@/tests/fixtures/analysis-articles";
import { call, type RouteHandler } from "@/tests/helpers/api";
import { startOpenAIStub, STUB_MODEL, type StubReply } from "@/tests/helpers/openai-stub";

/**
 * The route with an OpenAI-compatible provider configured: a real loopback server stands in
 * for the model; the SDK, the grounding checker, the cache and the envelope are the real ones.
 */
const stub = await startOpenAIStub();
afterAll(() => stub.close());

// Settings are read at the first import of lib/env.
Object.assign(process.env, {
  OPENAI_API_KEY: "",
  OPENAI_BASE_URL: stub.url,
  OPENAI_MODEL: "configured-model",
  OPENAI_TIMEOUT_MS: "1000",
  OPENAI_MAX_RETRIES: "2",
  ANALYSIS_FALLBACK_TO_LOCAL: "false",
});
const PATH = "/api/v1/analysis/compare-articles";
const host = new URL(stub.url).host;

type Comparison = Record<string, unknown> & {
  cached: boolean;
  provider: { model: string };
  commonPoints: unknown[];
  differences: unknown[];
};
type Envelope = { success: boolean; data: { comparison: Comparison }; error?: string; code?: string };

let POST: RouteHandler;
let metricsRoute: RouteHandler;
let readerToken: () => Promise<string>;

async function load() {
  ({ POST } = await import("@/app/api/v1/analysis/compare-articles/route"));
  ({ GET: metricsRoute } = await import("@/app/api/v1/metrics/route"));
  ({ readerToken } = await import("@/tests/helpers/analysis"));
}

/** This instance's analysis metrics, as the operator reads them. */
async function metrics(): Promise<string> {
  const { signAccessToken } = await import("@/lib/auth/tokens");
  const { token } = await signAccessToken({ username: "operator", role: "operator" });
  return (await call(metricsRoute, "/api/v1/metrics", { token })).text;
}

/** A counter's value in the metrics text (0 when absent). */
const counter = (text: string, line: string) =>
  Number(new RegExp(`^${line.replace(/[{}()|.+*?^$[\]\\]/g, "\\$&")} (\\d+)$`, "m").exec(text)?.[1] ?? 0);

/** Hostile or broken answers: each is refused with its cause named. */
const BROKEN: [string, StubReply, string, string][] = [
  [
    "a refusal",
    { refusal: "I can't help with that." },
    "refused",
    "The AI model declined to analyse these articles.",
  ],
  [
    "malformed JSON",
    { content: "Sure! Here is the analysis: {" },
    "malformed",
    "The AI provider returned an invalid answer.",
  ],
  [
    "injected markup",
    { json: { ...goodAnswer(), summary: "<img src=x onerror=alert(1)> Storm Elena flooded Valencia." } },
    "hostile",
    "The AI provider's answer held markup, links or more text than allowed; it was not used.",
  ],
  [
    "an injected link",
    { json: { ...goodAnswer(), frontendSummary: "Storm Elena: see www.example.com/valencia for more." } },
    "hostile",
    "The AI provider's answer held markup, links or more text than allowed; it was not used.",
  ],
  [
    "a huge answer",
    { content: JSON.stringify({ ...goodAnswer(), summary: "Storm Elena. ".repeat(400_000) }) },
    "hostile",
    "The AI provider's answer held markup, links or more text than allowed; it was not used.",
  ],
];

let n = 0;
const freshCard = () => STORM.map((a) => ({ ...a, title: `${a.title} (${++n})` }));
const analyse = async (articles = freshCard()) =>
  call<Envelope>(POST, PATH, { body: { articles }, token: await readerToken() });

describe("with an OpenAI-compatible provider", () => {
  beforeAll(load);

  it("names the configured model and host before any analysis", async () => {
    const { GET } = await import("@/app/api/v1/analysis/provider/route");
    const res = await call(GET, "/api/v1/analysis/provider");
    expect(res.json).toEqual({
      success: true,
      data: {
        kind: "openai-compatible",
        model: "configured-model",
        label: `OpenAI-compatible model configured-model at ${host}`,
      },
    });
  });

  it("answers with the model's grounded analysis in the built-in analyzer's shape, its numbers the product's own, then from the cache", async () => {
    stub.script([{ json: goodAnswer() }]);
    const articles = freshCard();
    const res = await analyse(articles);
    expect(res.status).toBe(200);
    const good = goodAnswer();
    expect(res.json.data.comparison).toMatchObject({
      commonPoints: good.commonPoints,
      angles: good.angles,
      figures: good.figures,
      differences: [...good.conflicts, ...good.differences],
      summary: good.summary,
      frontendSummary: good.frontendSummary,
      factualAccuracyMethod: expect.stringMatching(/^Corroboration: /),
      corroboration: { corroborated: expect.any(Number), total: expect.any(Number) },
      articles: [
        { index: 0, source: "BBC News", sentiment: "negative", biasScore: 0 },
        { index: 1, source: "Fox News", sentiment: "negative", biasScore: 0.4, biasWording: ["battles"] },
        { index: 2, source: "CNN", sentiment: "neutral", biasScore: -0.3 },
      ],
      provider: {
        kind: "openai-compatible",
        model: STUB_MODEL,
        label: `OpenAI-compatible model ${STUB_MODEL} at ${host}`,
      },
      cached: false,
    });
    expect(res.json.data.comparison.biasAnalysis).toContain(
      "Scores: Fox News slight right (its center-right rating, moved right by the wording “battles”)",
    );
    expect(stub.requests).toHaveLength(1);
    const again = await analyse(articles);
    expect(again.json.data.comparison).toEqual({ ...res.json.data.comparison, cached: true });
    expect(stub.requests).toHaveLength(1);
  });

  it("repairs an answer citing articles that do not exist, and counts what it removed", async () => {
    const before = await metrics();
    const answer = goodAnswer();
    answer.commonPoints[0].citations = [0, 1, 2, 9];
    answer.differences[0].citations = [7];
    stub.script([{ json: answer }]);
    const res = await analyse();
    expect(res.status).toBe(200);
    const c = res.json.data.comparison;
    expect(c.commonPoints).toEqual([
      { ...answer.commonPoints[0], citations: [0, 1, 2] },
      answer.commonPoints[1],
    ]);
    expect(c.differences).toEqual(answer.conflicts);
    const after = await metrics();
    const removed = (kind: string) =>
      counter(after, `analysis_grounding_removed_total{kind="${kind}"}`) -
      counter(before, `analysis_grounding_removed_total{kind="${kind}"}`);
    expect([removed("points"), removed("citations")]).toEqual([1, 2]);
  });

  it("rejects an answer whose every point cites a non-existent article", async () => {
    const answer = goodAnswer();
    for (const p of [
      ...answer.commonPoints,
      ...answer.angles,
      ...answer.figures,
      ...answer.conflicts,
      ...answer.differences,
    ])
      p.citations = [3, 4];
    stub.script([{ json: answer }]);
    const res = await analyse();
    expect(res.status).toBe(502);
    expect(res.json).toMatchObject({
      success: false,
      code: "provider_error",
      error: "The AI provider's answer cited nothing the articles support.",
    });
  });

  it.each(BROKEN)(
    "answers 502 in the envelope for %s, and the operator sees its cause",
    async (_, reply, cause, message) => {
      const before = await metrics();
      stub.script([reply]);
      const res = await analyse();
      expect(res.status).toBe(502);
      expect(res.json).toMatchObject({ success: false, code: "provider_error", error: message });
      const after = await metrics();
      const failures = `analysis_provider_failures_total{provider="openai-compatible",cause="${cause}"}`;
      const failed = 'analysis_answers_total{provider="openai-compatible",outcome="failed"}';
      expect(counter(after, failures) - counter(before, failures)).toBe(1);
      expect(counter(after, failed) - counter(before, failed)).toBe(1);
    },
  );

  it("keeps the event loop free while a hostile model sends megabytes", async () => {
    // Warm: the route's first call also loads code and opens the database.
    stub.script([{ content: "not json" }]);
    await analyse();
    // The machine's own delays, over an idle second: other work on its cores delays any turn.
    const idle = monitorEventLoopDelay({ resolution: 5 });
    idle.enable();
    await new Promise((r) => setTimeout(r, 1_000));
    idle.disable();
    const delay = monitorEventLoopDelay({ resolution: 5 });
    stub.script([{ hugeBytes: 50_000_000 }]);
    delay.enable();
    const res = await analyse();
    delay.disable();
    expect(res.status).toBe(502);
    // The answer is refused as it arrives: the server stopped reading after about a megabyte of
    // fifty (what the sockets' buffers held aside), and nothing of it was parsed whole.
    await expect.poll(() => stub.streamed.length).toBe(1);
    expect(stub.streamed[0]).toBeLessThan(10_000_000);
    // The event loop kept turning: 99 % of its turns within 100 ms of what an idle second saw.
    expect((delay.percentile(99) - idle.percentile(99)) / 1e6).toBeLessThan(100);
  });

  it("answers 502 in the envelope for malformed JSON, and caches nothing", async () => {
    const articles = freshCard();
    stub.script([{ content: "Sure! Here is the analysis: {" }, { json: goodAnswer() }]);
    const res = await analyse(articles);
    expect(res.status).toBe(502);
    expect(res.json).toMatchObject({
      success: false,
      code: "provider_error",
      error: "The AI provider returned an invalid answer.",
    });
    expect((await analyse(articles)).json.data.comparison.cached).toBe(false);
    expect(stub.requests).toHaveLength(2);
  });

  it("answers 504 in the envelope when the model is slower than OPENAI_TIMEOUT_MS", async () => {
    stub.script([{ delayMs: 5_000, then: { json: goodAnswer() } }]);
    const started = Date.now();
    const res = await analyse();
    expect(res.status).toBe(504);
    expect(res.json).toMatchObject({
      success: false,
      code: "provider_timeout",
      error: "The AI provider did not answer within 1 s.",
    });
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it("retries a 429 and answers", async () => {
    stub.script([{ status: 429, headers: { "retry-after-ms": "50" } }, { json: goodAnswer() }]);
    const res = await analyse();
    expect(res.status).toBe(200);
    expect(res.json.data.comparison.provider.model).toBe(STUB_MODEL);
    expect(stub.requests).toHaveLength(2);
  });
});

describe("with ANALYSIS_FALLBACK_TO_LOCAL=true", () => {
  beforeAll(async () => {
    vi.resetModules();
    process.env.ANALYSIS_FALLBACK_TO_LOCAL = "true";
    await load();
  });

  it.each(BROKEN)(
    "answers with the built-in analysis, labelled, for %s",
    async (_, reply, cause, message) => {
      const { LOCAL_PROVIDER_INFO } = await import("@/lib/analysis/provider");
      const before = await metrics();
      stub.script([reply]);
      const res = await analyse();
      expect(res.status).toBe(200);
      expect(res.json.data.comparison).toMatchObject({
        provider: LOCAL_PROVIDER_INFO,
        fallbackReason: `${message} The local analyzer answered instead.`,
      });
      const after = await metrics();
      const fallback = 'analysis_answers_total{provider="openai-compatible",outcome="fallback"}';
      const failures = `analysis_provider_failures_total{provider="openai-compatible",cause="${cause}"}`;
      expect(counter(after, fallback) - counter(before, fallback)).toBe(1);
      expect(counter(after, failures) - counter(before, failures)).toBe(1);
    },
  );

  it("answers from the local analyzer when the provider fails, says why, and does not cache it", async () => {
    const { LOCAL_PROVIDER_INFO } = await import("@/lib/analysis/provider");
    const articles = freshCard();
    stub.script([{ content: "not json" }, { json: goodAnswer() }]);
    const res = await analyse(articles);
    expect(res.status).toBe(200);
    expect(res.json.data.comparison).toMatchObject({
      provider: LOCAL_PROVIDER_INFO,
      fallbackReason: "The AI provider returned an invalid answer. The local analyzer answered instead.",
      cached: false,
      factualAccuracyMethod: expect.stringMatching(/^Corroboration: /),
    });
    const next = await analyse(articles);
    expect(next.json.data.comparison).toMatchObject({
      provider: { kind: "openai-compatible", model: STUB_MODEL },
      cached: false,
    });
    expect(next.json.data.comparison).not.toHaveProperty("fallbackReason");
  });

  it("falls back on a timeout too", async () => {
    stub.script([{ delayMs: 5_000, then: { json: goodAnswer() } }]);
    const res = await analyse();
    expect(res.status).toBe(200);
    expect(res.json.data.comparison).toMatchObject({
      provider: { kind: "local" },
      fallbackReason: "The AI provider did not answer within 1 s. The local analyzer answered instead.",
    });
  });
});
