import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { goodAnswer, STORM } from "@/tests/fixtures/analysis-articles";
import { call, type RouteHandler } from "@/tests/helpers/api";
import { startOpenAIStub, STUB_MODEL } from "@/tests/helpers/openai-stub";

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
let readerToken: () => Promise<string>;

async function load() {
  ({ POST } = await import("@/app/api/v1/analysis/compare-articles/route"));
  ({ readerToken } = await import("@/tests/helpers/analysis"));
}

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

  it("answers with the model's grounded analysis, naming the model that answered, then from the cache", async () => {
    stub.script([{ json: goodAnswer() }]);
    const articles = freshCard();
    const res = await analyse(articles);
    expect(res.status).toBe(200);
    const good = goodAnswer();
    expect(res.json.data.comparison).toMatchObject({
      commonPoints: good.commonPoints,
      differences: good.differences,
      summary: good.summary,
      factualAccuracy: 82,
      factualAccuracyMethod: "Model's estimate, with citations checked against the articles",
      provider: {
        kind: "openai-compatible",
        model: STUB_MODEL,
        label: `OpenAI-compatible model ${STUB_MODEL} at ${host}`,
      },
      cached: false,
    });
    expect(res.json.data.comparison).not.toHaveProperty("corroboration"); // the local analyzer's counts only
    expect(stub.requests).toHaveLength(1);
    const again = await analyse(articles);
    expect(again.json.data.comparison).toEqual({ ...res.json.data.comparison, cached: true });
    expect(stub.requests).toHaveLength(1);
  });

  it("repairs an answer citing articles that do not exist", async () => {
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
    expect(c.differences).toEqual([answer.differences[1]]);
  });

  it("rejects an answer whose every point cites a non-existent article", async () => {
    const answer = goodAnswer();
    for (const p of [...answer.commonPoints, ...answer.differences]) p.citations = [3, 4];
    stub.script([{ json: answer }]);
    const res = await analyse();
    expect(res.status).toBe(502);
    expect(res.json).toMatchObject({
      success: false,
      code: "provider_error",
      error: "The AI provider's answer cited nothing the articles support.",
    });
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
