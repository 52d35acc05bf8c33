/**
 * What the page says about the server's analysis provider (reported by GET /analysis/provider,
 * so known before any analysis runs). When an AI model answers, the page says what docs/product.md §1 and
 * §2 say; when the local analyzer answers, it says that a built-in text comparison does, never
 * that an AI model does (docs/decisions/081-honest-analyzer-wording.md).
 */
import type { ProviderInfo } from "@/lib/schemas/analysis";

type Provider = ProviderInfo | null | undefined;

const CACHING = "Uses intelligent caching, so a card analysed before opens instantly.";

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
