/**
 * What the page says about the server's analysis provider (reported by GET /analysis/provider,
 * so known before any analysis runs). When an AI model answers, the page says what docs/product.md §1 and
 * §2 say; when the local analyzer answers, it says that a built-in text comparison does, never
 * that an AI model does (docs/decisions/081-honest-analyzer-wording.md).
 */
import type { ProviderInfo } from "@/lib/schemas/analysis";

type Provider = ProviderInfo | null | undefined;

const CACHING = "Uses intelligent caching, so a card analysed before opens instantly.";

/** docs/product.md §4's step 30 (lib/client/analysis.ts STEPS.send), which names a backend AI. */
export const SEND_STEP = "Sending articles to backend AI...";

/** The words the page uses for the provider: the server's own label. */
export function providerName(provider: ProviderInfo | null): string {
  return provider ? provider.label : "the backend AI model";
}

/** Whether the built-in text comparison (the local analyzer) answers rather than an AI model. */
export function isTextComparison(provider: Provider): boolean {
  return provider?.kind === "local";
}

/** The hero's sentence on who analyses; null until the server has said (nothing untrue meanwhile). */
export function heroAnalyzerSentence(provider: Provider): string | null {
  if (!provider) return null;
  return isTextComparison(provider)
    ? "Analysis: a built-in text comparison of the outlets' names and figures (no AI model)."
    : "The analysis is powered by a backend AI model.";
}

/**
 * The hero's intro: docs/product.md §1's "AI-powered perspective comparison" when a model answers;
 * otherwise, and until the server has said, a side-by-side comparison, which claims no AI (the
 * next line names the built-in text comparison). The two read alike, so the server-rendered
 * intro does not move the page when the provider turns out to be the local analyzer.
 */
export function heroIntro(provider: Provider): string {
  const how =
    provider && !isTextComparison(provider)
      ? "AI-powered perspective comparison"
      : "a side-by-side comparison of perspectives";
  return `Cached content from the last 72 hours with ${how}. See how outlets across the world cover the same story.`;
}

/**
 * The current step of a run as the progress view says it: docs/product.md §4's words, except that
 * the articles go to the built-in text comparison, not to a backend AI, when no model answers.
 */
export function stepText(step: string | undefined, provider: Provider): string | undefined {
  return isTextComparison(provider) && step === SEND_STEP
    ? "Sending articles to the built-in text comparison..."
    : step;
}

/** What the analysis tab offers before a run, when a failed run left no summary to show. */
export function analysisOffer(provider: Provider): string {
  return isTextComparison(provider)
    ? "Compare how these sources cover the story with the built-in text comparison."
    : "Compare how these sources cover the story with an AI analysis.";
}

/** The footer under 'Start AI Analysis'. */
export function analysisFooter(provider: ProviderInfo | null): string {
  return isTextComparison(provider)
    ? `Powered by a built-in text comparison on the server, not an AI model: it compares the articles' names, figures and quotations. ${CACHING}`
    : `Powered by the backend AI model: ${providerName(provider)}. ${CACHING}`;
}

/** The two lines under the progress bar: how long it takes, and who is working on it. */
export function progressLines(provider: ProviderInfo | null): { duration: string; provider: string } {
  return isTextComparison(provider)
    ? {
        duration: "A text comparison typically takes a second or two",
        provider: "Compared by the built-in text comparison on the server (no AI model)",
      }
    : {
        duration: "Analysis typically takes 30-60 seconds",
        provider: `AI provider: ${providerName(provider)}`,
      };
}
