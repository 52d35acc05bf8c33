import "server-only";

/** Chooses this process's analysis provider, and its local fallback, from settings. */

import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { offThreadLocalAnalyzer } from "./analysis-off-thread";
import { OpenAIProvider } from "@/lib/analysis/openai-provider";
import type { AnalysisProvider } from "@/lib/analysis/provider";

/**
 * The analysis providers of this process, chosen once from settings: the OpenAI-compatible
 * provider when an API key or a base URL is configured, else the local analyzer (in a worker
 * thread). The local analyzer also stands by as the fallback when ANALYSIS_FALLBACK_TO_LOCAL allows it.
 */
export interface AnalysisProviders {
  primary: AnalysisProvider;
  /** Answers when the primary fails, if settings allow; null otherwise. */
  fallback: AnalysisProvider | null;
}

// A module singleton: re-creating it on a dev hot reload is harmless (it holds no connection).
let providers: AnalysisProviders | undefined;

function create(): AnalysisProviders {
  const local = offThreadLocalAnalyzer;
  if (!env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    logger.warn(
      "no AI provider configured (OPENAI_API_KEY / OPENAI_BASE_URL): AI analysis is off; the local analyzer answers",
    );
    return { primary: local, fallback: null };
  }
  const primary = new OpenAIProvider({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
    maxRetries: env.OPENAI_MAX_RETRIES,
  });
  return { primary, fallback: env.ANALYSIS_FALLBACK_TO_LOCAL ? local : null };
}

/** The providers, created on first use. */
export function analysisProviders(): AnalysisProviders {
  return (providers ??= create());
}
