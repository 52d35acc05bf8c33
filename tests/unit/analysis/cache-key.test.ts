import { describe, expect, it } from "vitest";
import { analysisCacheKey, CACHE_VERSION } from "@/lib/analysis/cache";
import { STORM } from "@/tests/fixtures/analysis-articles";

const body = { articles: STORM, analysisType: "comprehensive" as const };
const local = { kind: "local" as const, model: "local-analyzer-v1" };

describe("analysis cache key", () => {
  it("names the docs/product.md §9 key type, the version and the provider, then a sha256", () => {
    expect(CACHE_VERSION).toBe("1.7.0");
    expect(analysisCacheKey(body, local)).toMatch(
      /^comparison_analysis:1\.7\.0:local:local-analyzer-v1:[0-9a-f]{64}$/,
    );
  });

  it("is the same for the same request", () => {
    expect(analysisCacheKey(body, local)).toBe(analysisCacheKey(structuredClone(body), local));
  });

  it("covers the whole content, not only its first 500 characters (issue 14)", () => {
    const long = STORM.map((a) => ({ ...a, content: a.content.padEnd(500, ".") }));
    const longer = long.map((a) => ({ ...a, content: `${a.content} Inspector Vane said “it was arson”.` }));
    expect(analysisCacheKey({ ...body, articles: long }, local)).not.toBe(
      analysisCacheKey({ ...body, articles: longer }, local),
    );
  });

  it.each([
    ["the analysis type", { ...body, analysisType: "bias" as const }, local, CACHE_VERSION],
    [
      "a title",
      { ...body, articles: [{ ...STORM[0], title: "Other" }, ...STORM.slice(1)] },
      local,
      CACHE_VERSION,
    ],
    [
      "a source",
      { ...body, articles: [{ ...STORM[0], source: "NPR" }, ...STORM.slice(1)] },
      local,
      CACHE_VERSION,
    ],
    [
      "a summary",
      { ...body, articles: [{ ...STORM[0], summary: "Other" }, ...STORM.slice(1)] },
      local,
      CACHE_VERSION,
    ],
    [
      "a date (a model is told it)",
      { ...body, articles: [{ ...STORM[0], publishedAt: "2025-03-04T09:30:00.000Z" }, ...STORM.slice(1)] },
      local,
      CACHE_VERSION,
    ],
    [
      "the content's start",
      { ...body, articles: [{ ...STORM[0], content: `X${STORM[0].content}` }, ...STORM.slice(1)] },
      local,
      CACHE_VERSION,
    ],
    [
      "the content's end",
      {
        ...body,
        articles: [
          { ...STORM[0], content: `${STORM[0].content} Inspector Vane said “it was arson”.` },
          ...STORM.slice(1),
        ],
      },
      local,
      CACHE_VERSION,
    ],
    ["the order of articles", { ...body, articles: [...STORM].reverse() }, local, CACHE_VERSION],
    ["the provider", body, { kind: "openai-compatible" as const, model: "gpt-4o-mini" }, CACHE_VERSION],
    ["the model", body, { kind: "local" as const, model: "local-analyzer-v2" }, CACHE_VERSION],
    ["the cache version", body, local, "2.0.0"],
  ])("changes with %s", (_, changed, provider, version) => {
    expect(analysisCacheKey(changed, provider, version)).not.toBe(analysisCacheKey(body, local));
  });
});
