import "server-only";

/**
 * The OpenAI-compatible provider: OpenAI itself, or any server that speaks its chat
 * completions API (Ollama, vLLM, LM Studio). The model must answer in a JSON schema derived
 * from the contract; the answer is validated with zod, and the service then passes it
 * through the grounding checker. OPENAI_TIMEOUT_MS bounds the whole call, retries included
 * (docs/decisions/030-analysis-providers.md).
 */

import OpenAI from "openai";
import { z } from "zod";
import { logger } from "@/lib/log";
import {
  articleAssessment,
  comparison,
  type AnalysisArticle,
  type ProviderInfo,
} from "@/lib/schemas/analysis";
import { AnalysisError, AnalysisTimeoutError } from "./errors";
import type { AnalysisProvider, AnalysisType, ProviderAnalysis } from "./provider";
import { outletOf } from "./local/outlets";

export interface OpenAIProviderOptions {
  apiKey?: string;
  /** Defaults to OpenAI's API. */
  baseURL?: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}

const DEFAULT_BASE_URL = "https://api.openai.com/v1";
/** Per-article content sent to the model; the grounding checker still reads the whole text. */
const PROMPT_CONTENT_CHARS = 4_000;

/** What the model must return: the contract's analysis fields, per-article scores by index. */
export const modelAnswer = comparison
  .pick({
    commonPoints: true,
    differences: true,
    summary: true,
    biasAnalysis: true,
    factualAccuracy: true,
    emotionalTone: true,
    frontendSummary: true,
  })
  .extend({ articles: z.array(articleAssessment.omit({ source: true })) });
type ModelAnswer = z.infer<typeof modelAnswer>;

/**
 * The JSON schema for structured output. Strict mode accepts only a subset of JSON Schema,
 * so length limits and zod's safe-integer bounds are left out here (zod checks them on return).
 */
function strictSchema(): Record<string, unknown> {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === "$schema" || k === "minLength" || k === "maxLength" || k === "minItems") continue;
      if ((k === "maximum" || k === "minimum") && Math.abs(v as number) >= Number.MAX_SAFE_INTEGER) continue;
      out[k] = strip(v);
    }
    return out;
  };
  return strip(z.toJSONSchema(modelAnswer, { target: "draft-7" })) as Record<string, unknown>;
}
const SCHEMA = strictSchema();

const INSTRUCTIONS = `You compare news articles that cover one story, for a news-analysis page.
You receive numbered articles (index, source, the outlet's bias rating when known, title, summary, content).
Use only these texts. Never add a fact, name, number or quotation that is not in them, and never describe a person beyond what the articles say.
- commonPoints: facts that at least two different outlets report. Cite the indices of every article that states the fact; a common point needs articles from at least two different sources.
- differences: facts, figures, quotations or emphasis one outlet has and the others lack, or where they disagree. Cite the articles concerned.
- Quote only words that appear verbatim in the cited articles, inside double quotes.
- summary: two to four sentences. frontendSummary: one sentence.
- biasAnalysis: framing, word choice and omissions, per outlet.
- factualAccuracy: 0 to 100, your estimate of how consistent and well supported the factual claims are across the articles.
- emotionalTone: one or two sentences on the emotional tone.
- articles: one entry per article index with its sentiment (positive, negative or neutral) and biasScore from -1 (left) to +1 (right), 0 for neutral.
Write plain English sentences.`;

function prompt(articles: AnalysisArticle[], type: AnalysisType): string {
  return JSON.stringify({
    analysisType: type,
    articles: articles.map((a, index) => ({
      index,
      source: a.source,
      biasRating: outletOf(a.source).rating ?? "unknown",
      title: a.title,
      summary: a.summary,
      content: a.content.slice(0, PROMPT_CONTENT_CHARS),
    })),
  });
}

const invalid = (why: string) => {
  logger.warn({ why }, "AI provider answer rejected");
  return new AnalysisError("The AI provider returned an invalid answer.");
};

/** Parses and validates the model's message; per-article scores must cover every article once. */
function parseAnswer(content: string | null | undefined, articles: AnalysisArticle[]): ModelAnswer {
  let json: unknown;
  try {
    json = JSON.parse(content ?? "");
  } catch {
    throw invalid("not JSON");
  }
  const parsed = modelAnswer.safeParse(json);
  if (!parsed.success)
    throw invalid(`schema: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`);
  const byIndex = new Map(
    parsed.data.articles.filter((a) => a.index < articles.length).map((a) => [a.index, a]),
  );
  if (byIndex.size !== articles.length) throw invalid("per-article scores missing");
  return { ...parsed.data, articles: articles.map((_, i) => byIndex.get(i)!) };
}

export class OpenAIProvider implements AnalysisProvider {
  private readonly client: OpenAI;
  private readonly host: string;

  constructor(private readonly options: OpenAIProviderOptions) {
    const baseURL = options.baseURL ?? DEFAULT_BASE_URL;
    this.host = new URL(baseURL).host;
    const log = logger.child({ component: "openai" });
    this.client = new OpenAI({
      // Local servers (Ollama, vLLM, LM Studio) need no key, but the SDK requires one.
      apiKey: options.apiKey ?? "not-needed",
      baseURL,
      organization: null,
      project: null,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
      logLevel: "warn",
      logger: {
        error: (message, ...rest) => log.warn({ detail: rest }, message),
        warn: (message, ...rest) => log.warn({ detail: rest }, message),
        info: (message) => log.info(message),
        debug: (message) => log.debug(message),
      },
    });
  }

  info(model = this.options.model): ProviderInfo {
    return { kind: "openai-compatible", model, label: `OpenAI-compatible model ${model} at ${this.host}` };
  }

  async analyze(articles: AnalysisArticle[], type: AnalysisType): Promise<ProviderAnalysis> {
    const completion = await this.complete(articles, type);
    const choice = completion.choices[0];
    if (!choice) throw invalid("no choices");
    if (choice.message.refusal) {
      throw new AnalysisError("The AI model declined to analyse these articles.");
    }
    if (choice.finish_reason === "length") throw invalid("answer cut off at the length limit");
    const answer = parseAnswer(choice.message.content, articles);
    return {
      ...answer,
      factualAccuracy: Math.round(answer.factualAccuracy),
      factualAccuracyMethod: "Model's estimate, with citations checked against the articles",
      articles: answer.articles.map((a, i) => ({
        index: i,
        source: articles[i].source,
        sentiment: a.sentiment,
        biasScore: a.biasScore,
      })),
      // The model that answered, as the server reports it; the configured name only if it does not say.
      provider: this.info(completion.model || this.options.model),
    };
  }

  /** One chat completion within the time budget; SDK errors become readable AnalysisErrors. */
  private async complete(articles: AnalysisArticle[], type: AnalysisType) {
    const controller = new AbortController();
    const seconds = Math.round(this.options.timeoutMs / 100) / 10;
    const timeoutError = new AnalysisTimeoutError(`The AI provider did not answer within ${seconds} s.`);
    let timer: NodeJS.Timeout | undefined;
    // The SDK cannot interrupt its sleep before a retry, so the deadline is raced as well as signalled.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(timeoutError);
      }, this.options.timeoutMs);
    });
    const call = this.client.chat.completions.create(
      {
        model: this.options.model,
        temperature: 0,
        messages: [
          { role: "system", content: INSTRUCTIONS },
          { role: "user", content: prompt(articles, type) },
        ],
        response_format: {
          type: "json_schema",
          json_schema: { name: "comparison_analysis", strict: true, schema: SCHEMA },
        },
      },
      { signal: controller.signal },
    );
    call.catch(() => undefined); // settled after a lost race; its error is reported through the race
    try {
      return await Promise.race([call, deadline]);
    } catch (error) {
      if (error instanceof AnalysisError) throw error;
      throw this.readable(error, controller.signal.aborted ? timeoutError : null);
    } finally {
      clearTimeout(timer);
    }
  }

  private readable(error: unknown, timeout: AnalysisTimeoutError | null): AnalysisError {
    if (timeout || error instanceof OpenAI.APIConnectionTimeoutError) {
      return timeout ?? new AnalysisTimeoutError("The AI provider did not answer in time.");
    }
    logger.warn({ err: error }, "AI provider call failed");
    if (error instanceof OpenAI.RateLimitError) {
      return new AnalysisError("The AI provider is rate-limiting requests.");
    }
    if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError) {
      return new AnalysisError("The AI provider refused the configured API key.");
    }
    if (error instanceof OpenAI.NotFoundError) {
      return new AnalysisError(
        `The AI provider at ${this.host} does not offer the model ${this.options.model}.`,
      );
    }
    if (error instanceof OpenAI.APIConnectionError) {
      return new AnalysisError(`The AI provider at ${this.host} could not be reached.`);
    }
    if (error instanceof OpenAI.APIError && error.status) {
      return new AnalysisError(`The AI provider answered with an error (HTTP ${error.status}).`);
    }
    return new AnalysisError("The AI provider failed.");
  }
}
