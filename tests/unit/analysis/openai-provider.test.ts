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

  it("asks for strict structured output and returns the validated draft, naming the model that answered", async () => {
    stub.script([{ json: goodAnswer() }]);
    const result = await provider().analyze(STORM);
    const good = goodAnswer();
    expect(result).toEqual({
      draft: "model",
      commonPoints: good.commonPoints,
      angles: good.angles,
      figures: good.figures,
      conflicts: good.conflicts,
      differences: good.differences,
      summary: good.summary,
      frontendSummary: good.frontendSummary,
      biasAnalysis: good.biasAnalysis,
      emotionalTone: good.emotionalTone,
      articles: [
        { index: 0, source: "BBC News", sentiment: "negative", wording: [], lean: "none" },
        { index: 1, source: "Fox News", sentiment: "negative", wording: ["battles"], lean: "right" },
        { index: 2, source: "CNN", sentiment: "neutral", wording: [], lean: "none" },
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
    // No accuracy figure and no bias score are asked of the model: the product computes both.
    expect(request.response_format.json_schema.schema.required.sort()).toEqual([
      "angles",
      "articles",
      "biasAnalysis",
      "commonPoints",
      "conflicts",
      "differences",
      "emotionalTone",
      "figures",
      "frontendSummary",
      "summary",
    ]);
    expect(JSON.stringify(request.response_format)).not.toMatch(/factualAccuracy|biasScore/);
    expect(request.messages[1].content).toContain("Article 1: Fox News (rated center-right), date unknown");
    expect(request.messages[1].content).toContain("Article 2: CNN (rated center-left), date unknown");
  });

  it("sends each text once, with its date", async () => {
    stub.script([{ json: goodAnswer() }]);
    const articles = [
      // The feed's summary opens the content: sent once.
      { ...STORM[0], summary: STORM[0].content.slice(0, 60), publishedAt: "2025-03-04T09:30:00.000Z" },
      // The summary is the content: sent once.
      { ...STORM[1], summary: STORM[1].content },
      // A summary the content does not hold is sent before it; the page's stand-ins are no text.
      { ...STORM[2], summary: "Related article", content: "Content not available" },
    ];
    await provider().analyze(articles);
    const user = (stub.requests[0] as { messages: { content: string }[] }).messages[1].content;
    expect(user).toContain("Article 0: BBC News (rated center), published Tuesday 2025-03-04 09:30 UTC");
    for (const a of STORM.slice(0, 2)) expect(user.split(a.content.slice(0, 40)).length - 1).toBe(1);
    expect(user).not.toContain("Related article");
    expect(user).toContain("Text: (none: the feed gave only the headline)");
    const withSummary = [{ ...STORM[0], summary: "Residents were told to stay indoors." }, STORM[1]];
    stub.script([{ json: { ...goodAnswer(), articles: goodAnswer().articles.slice(0, 2) } }]);
    await provider().analyze(withSummary);
    const second = (stub.requests[0] as { messages: { content: string }[] }).messages[1].content;
    expect(second).toContain(`Text: Residents were told to stay indoors. ${STORM[0].content}`);
  });

  it("falls back to the configured model name only when the answer names none", async () => {
    stub.script([{ json: goodAnswer(), model: "" }]);
    expect((await provider().analyze(STORM)).provider.model).toBe("configured-model");
  });

  it("rejects malformed JSON without retrying", async () => {
    stub.script([{ content: '{"commonPoints": [ {"text": "Storm' }]);
    expect(await failure(provider().analyze(STORM))).toEqual({
      code: "provider_error",
      status: 502,
      message: "The AI provider returned an invalid answer.",
    });
    expect(stub.requests).toHaveLength(1);
  });

  it.each([
    [
      "an unknown sentiment",
      { ...goodAnswer(), articles: [{ ...goodAnswer().articles[0], sentiment: "angry" }] },
    ],
    ["a missing field", { ...goodAnswer(), summary: undefined }],
    ["an article without its notes", { ...goodAnswer(), articles: goodAnswer().articles.slice(0, 2) }],
  ])("rejects an answer with %s", async (_, json) => {
    stub.script([{ json }]);
    expect((await failure(provider().analyze(STORM))).message).toBe(
      "The AI provider returned an invalid answer.",
    );
  });

  it.each([
    ["markup", { ...goodAnswer(), summary: "Storm Elena <script>alert(1)</script> flooded Valencia." }],
    ["a link", { ...goodAnswer(), frontendSummary: "Read more at https://example.com/valencia" }],
    ["a Markdown link", { ...goodAnswer(), emotionalTone: "[Concerned](javascript:alert(1))" }],
    ["a text longer than the schema allows", { ...goodAnswer(), summary: "Storm Elena. ".repeat(400) }],
  ])("refuses an answer holding %s, naming the cause", async (_, json) => {
    stub.script([{ json }]);
    const error = await provider()
      .analyze(STORM)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalysisError);
    expect((error as InstanceType<typeof AnalysisError>).failure).toBe("hostile");
    expect(fromDomainError(error)).toMatchObject({
      code: "provider_error",
      status: 502,
      message: "The AI provider's answer held markup, links or more text than allowed; it was not used.",
    });
  });

  it("stops reading an answer larger than a megabyte, and refuses it", async () => {
    stub.script([{ content: JSON.stringify({ ...goodAnswer(), summary: "x".repeat(3_000_000) }) }]);
    const error = await provider({ maxRetries: 0 })
      .analyze(STORM)
      .catch((e: unknown) => e);
    expect((error as InstanceType<typeof AnalysisError>).failure).toBe("hostile");
    expect(stub.requests).toHaveLength(1);
  });

  it("says when the model declines", async () => {
    stub.script([{ refusal: "I can't help with that." }]);
    const error = await provider()
      .analyze(STORM)
      .catch((e: unknown) => e);
    expect((error as InstanceType<typeof AnalysisError>).failure).toBe("refused");
    expect(fromDomainError(error)?.message).toBe("The AI model declined to analyse these articles.");
  });

  it("answers provider_timeout when the server is slower than the time budget", async () => {
    stub.script([{ delayMs: 3_000, then: { json: goodAnswer() } }]);
    const started = Date.now();
    expect(await failure(provider({ timeoutMs: 400 }).analyze(STORM))).toEqual({
      code: "provider_timeout",
      status: 504,
      message: "The AI provider did not answer within 0.4 s.",
    });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("retries a 429 and succeeds", async () => {
    stub.script([{ status: 429, headers: { "retry-after-ms": "50" } }, { json: goodAnswer() }]);
    const result = await provider().analyze(STORM);
    expect(result.summary).toBe(goodAnswer().summary);
    expect(stub.requests).toHaveLength(2);
  });

  it("gives up after two retries of a 429", async () => {
    stub.script([429, 429, 429].map((status) => ({ status, headers: { "retry-after-ms": "20" } })));
    expect(await failure(provider().analyze(STORM))).toEqual({
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
    const error = await failure(provider().analyze(STORM));
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
      provider({ baseURL: `http://127.0.0.1:${port}/v1`, maxRetries: 0 }).analyze(STORM),
    );
    expect(error).toEqual({
      code: "provider_error",
      status: 502,
      message: `The AI provider at 127.0.0.1:${port} could not be reached.`,
    });
  });
});
