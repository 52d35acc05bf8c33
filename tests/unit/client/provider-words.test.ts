/** The page's words about who analyses (lib/client/provider-words.ts): the product contract's for a model, honest for the local analyzer. */
import { describe, expect, it } from "vitest";
import { STEPS } from "@/lib/client/analysis";
import {
  analysisFooter,
  analysisOffer,
  heroAnalyzerSentence,
  heroIntro,
  progressLines,
  providerName,
  stepText,
} from "@/lib/client/provider-words";
import type { ProviderInfo } from "@/lib/schemas/analysis";

const model: ProviderInfo = {
  kind: "openai-compatible",
  model: "gpt-x",
  label: "OpenAI-compatible model gpt-x at api.example.com",
};
const local: ProviderInfo = {
  kind: "local",
  model: "local-analyzer-v1",
  label: "Local analyzer (no AI model: deterministic text comparison on this server)",
};

describe("a model answers: the product contract's words, naming the provider", () => {
  it("says the analysis is powered by the backend AI model", () => {
    expect(heroAnalyzerSentence(model)).toBe("The analysis is powered by a backend AI model.");
    expect(analysisFooter(model)).toBe(
      "Powered by the backend AI model: OpenAI-compatible model gpt-x at api.example.com. Uses intelligent caching, so a card analysed before opens instantly.",
    );
    expect(progressLines(model)).toEqual({
      duration: "Analysis typically takes 30-60 seconds",
      provider: "AI provider: OpenAI-compatible model gpt-x at api.example.com",
    });
  });

  it("falls back to 'the backend AI model' in the footer while the provider is not known", () => {
    expect(providerName(null)).toBe("the backend AI model");
    expect(analysisFooter(null)).toContain("Powered by the backend AI model: the backend AI model.");
  });
});

describe("the local analyzer answers: a built-in text comparison, never an AI model", () => {
  it.each([
    ["hero", heroAnalyzerSentence(local)!],
    ["footer", analysisFooter(local)],
    ["progress", progressLines(local).provider],
  ])("%s", (_where, text) => {
    expect(text).toContain("built-in text comparison");
    expect(text).not.toMatch(/powered by (a|the) backend AI model|AI provider:/i);
  });

  it("does not promise a 30-60 second wait", () => {
    expect(progressLines(local).duration).toBe("A text comparison typically takes a second or two");
  });
});

it("says nothing in the hero until the server has named the provider", () => {
  expect(heroAnalyzerSentence(null)).toBeNull();
});

describe("the intro and the progress name the analysis actually used (issue 33)", () => {
  it("the hero's intro: AI-powered for a model, a text comparison for the local analyzer, neither before", () => {
    expect(heroIntro(model)).toBe(
      "Cached content from the last 72 hours with AI-powered perspective comparison. See how outlets across the world cover the same story.",
    );
    expect(heroIntro(local)).toContain("with a side-by-side comparison of perspectives.");
    expect(heroIntro(local)).not.toContain("AI");
    // The same words before the server has said, so the page does not move when it does.
    expect(heroIntro(null)).toBe(heroIntro(local));
  });

  it("step 30 names the built-in text comparison, not a backend AI, when the local analyzer answers", () => {
    expect(stepText(STEPS.send.currentStep, local)).toBe(
      "Sending articles to the built-in text comparison...",
    );
    expect(stepText(STEPS.send.currentStep, model)).toBe("Sending articles to backend AI...");
    expect(stepText(STEPS.cache.currentStep, local)).toBe("Checking cache...");
  });

  it("the offer after a failed run", () => {
    expect(analysisOffer(local)).toBe(
      "Compare how these sources cover the story with the built-in text comparison.",
    );
    expect(analysisOffer(model)).toBe("Compare how these sources cover the story with an AI analysis.");
  });
});
