import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goodAnswer, STORM } from "@/tests/fixtures/analysis-articles";
import { startOpenAIStub, STUB_MODEL, type OpenAIStub } from "@/tests/helpers/openai-stub";
import { applyTestEnv } from "@/tests/setup/test-env";

// Settings are read once, at the first import of lib/env.
applyTestEnv({});
const { OpenAIProvider } = await import("@/lib/analysis/openai-provider");
const { AnalysisError } = await import("@/lib/analysis/errors");
const { fromDomainError } = await import("@/lib/http/errors");

let stub: OpenAIStub;
beforeAll(async () => {
  stub = await startOpenAIStub();
});
afterAll(() => stub.close());

const provider = (options: { timeoutMs?: number; maxRetries?: number; baseURL?: string } = {}) =>
  new OpenAIProvider({
    baseURL: stub.url,
    model: "configured-model",
    timeoutMs: 2_000,
    maxRetries: 2,
    ...options,
  });

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  // The provider raises its own error; the edge answers it with a code and status.
  expect(error).toBeInstanceOf(AnalysisError);
  const e = fromDomainError(error)!;
  return { code: e.code, status: e.status, message: e.message };
}

describe("OpenAI-compatible provider against a local server", () => {
  it("names the configured model and the server's host before any analysis", () => {
    const host = new URL(stub.url).host;
    expect(provider().info()).toEqual({
      kind: "openai-compatible",
      model: "configured-model",
      label: `OpenAI-compatible model configured-model at ${host}`,
    });
    expect(new OpenAIProvider({ model: "gpt-4o-mini", timeoutMs: 1_000, maxRetries: 0 }).info().label).toBe(
      "OpenAI-compatible model gpt-4o-mini at api.openai.com",
    );
  });

  it("asks for strict structured output and returns the validated answer, naming the model that answered", async () => {
    stub.script([{ json: goodAnswer() }]);
    const result = await provider().analyze(STORM, "comprehensive");
    const good = goodAnswer();
    expect(result).toEqual({
      commonPoints: good.commonPoints,
      differences: good.differences,
      summary: good.summary,
      biasAnalysis: good.biasAnalysis,
      factualAccuracy: 82,
      factualAccuracyMethod: "Model's estimate, with citations checked against the articles",
      emotionalTone: good.emotionalTone,
      frontendSummary: good.frontendSummary,
      articles: [
        { index: 0, source: "BBC News", sentiment: "negative", biasScore: 0 },
        { index: 1, source: "Fox News", sentiment: "negative", biasScore: 0.3 },
        { index: 2, source: "CNN", sentiment: "neutral", biasScore: -0.2 },
      ],
      provider: {
        kind: "openai-compatible",
        model: STUB_MODEL,
        label: `OpenAI-compatible model ${STUB_MODEL} at ${new URL(stub.url).host}`,
      },
    });
    expect(stub.requests).toHaveLength(1);
    const request = stub.requests[0] as {
      model: string;
      messages: { role: string; content: string }[];
      response_format: {
        type: string;
        json_schema: { strict: boolean; schema: { required: string[]; additionalProperties: boolean } };
      };
    };
    expect(request.model).toBe("configured-model");
    expect(request.response_format.type).toBe("json_schema");
    expect(request.response_format.json_schema.strict).toBe(true);
    expect(request.response_format.json_schema.schema.additionalProperties).toBe(false);
    expect(request.response_format.json_schema.schema.required.sort()).toEqual([
      "articles",
      "biasAnalysis",
      "commonPoints",
      "differences",
      "emotionalTone",
      "factualAccuracy",
      "frontendSummary",
      "summary",
    ]);
    const prompt = JSON.parse(request.messages[1].content) as {
      articles: { index: number; source: string; biasRating: string }[];
    };
    expect(prompt.articles.map((a) => [a.index, a.source, a.biasRating])).toEqual([
      [0, "BBC News", "center"],
      [1, "Fox News", "center-right"],
      [2, "CNN", "center-left"],
    ]);
  });

  it("falls back to the configured model name only when the answer names none", async () => {
    stub.script([{ json: goodAnswer(), model: "" }]);
    expect((await provider().analyze(STORM, "comprehensive")).provider.model).toBe("configured-model");
  });

  it("rejects malformed JSON without retrying", async () => {
    stub.script([{ content: '{"commonPoints": [ {"text": "Storm' }]);
    expect(await failure(provider().analyze(STORM, "comprehensive"))).toEqual({
      code: "provider_error",
      status: 502,
      message: "The AI provider returned an invalid answer.",
    });
    expect(stub.requests).toHaveLength(1);
  });

  it.each([
    ["a score out of range", { ...goodAnswer(), factualAccuracy: 140 }],
    ["a missing field", { ...goodAnswer(), summary: undefined }],
    ["an article without its scores", { ...goodAnswer(), articles: goodAnswer().articles.slice(0, 2) }],
  ])("rejects an answer with %s", async (_, json) => {
    stub.script([{ json }]);
    expect((await failure(provider().analyze(STORM, "comprehensive"))).message).toBe(
      "The AI provider returned an invalid answer.",
    );
  });

  it("answers provider_timeout when the server is slower than the time budget", async () => {
    stub.script([{ delayMs: 3_000, then: { json: goodAnswer() } }]);
    const started = Date.now();
    expect(await failure(provider({ timeoutMs: 400 }).analyze(STORM, "comprehensive"))).toEqual({
      code: "provider_timeout",
      status: 504,
      message: "The AI provider did not answer within 0.4 s.",
    });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("retries a 429 and succeeds", async () => {
    stub.script([{ status: 429, headers: { "retry-after-ms": "50" } }, { json: goodAnswer() }]);
    const result = await provider().analyze(STORM, "comprehensive");
    expect(result.summary).toBe(goodAnswer().summary);
    expect(stub.requests).toHaveLength(2);
  });

  it("gives up after two retries of a 429", async () => {
    stub.script([429, 429, 429].map((status) => ({ status, headers: { "retry-after-ms": "20" } })));
    expect(await failure(provider().analyze(STORM, "comprehensive"))).toEqual({
      code: "provider_error",
      status: 502,
      message: "The AI provider is rate-limiting requests.",
    });
    expect(stub.requests).toHaveLength(3);
  });

  it.each([
    [401, 1, "The AI provider refused the configured API key."],
    [404, 1, "does not offer the model configured-model"],
    [500, 3, "The AI provider answered with an error (HTTP 500)."],
  ])("turns HTTP %i into a readable provider_error", async (status, calls, message) => {
    stub.script([status, status, status].map((s) => ({ status: s, headers: { "retry-after-ms": "10" } })));
    const error = await failure(provider().analyze(STORM, "comprehensive"));
    expect(error.code).toBe("provider_error");
    expect(error.message).toContain(message);
    expect(stub.requests).toHaveLength(calls);
  });

  it("says when the server cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(
      provider({ baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 0 }).analyze(STORM, "comprehensive"),
    );
    expect(error).toEqual({
      code: "provider_error",
      status: 502,
      message: `The AI provider at 127.0.0.1:${port} could not be reached.`,
    });
  });
});
