import "server-only";

/**
 * The OpenAI-compatible provider: OpenAI itself, or any server that speaks its chat
 * completions API (Ollama, vLLM, LM Studio). It sends the request lib/analysis/model-prompt.ts
 * writes and asks for an answer in its JSON schema; the answer is read with a size limit,
 * validated with zod, refused when it holds markup or links, and returned as a draft that the
 * service checks against the articles and completes with the product's own numbers
 * (lib/analysis/model-answer.ts). OPENAI_TIMEOUT_MS bounds the whole call, retries included
 * (docs/decisions/030-analysis-providers.md).
 */

import OpenAI from "openai";
import { logger } from "@/lib/log";
import type { AnalysisArticle, ProviderInfo } from "@/lib/schemas/analysis";
import { AnalysisError, AnalysisTimeoutError, type AnalysisFailure } from "./errors";
import { modelAnswer, modelRequest, type ModelAnswer } from "./model-prompt";
import type { AnalysisProvider, ModelDraft } from "./provider";

export interface OpenAIProviderOptions {
  apiKey?: string;
  /** Defaults to OpenAI's API. */
  baseURL?: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}

const DEFAULT_BASE_URL = "https://api.openai.com/v1";

/**
 * The most bytes of a response read from the server: an answer within the schema's limits is a
 * few tens of kilobytes; a larger one is refused as it arrives, not held in memory whole.
 */
export const MAX_RESPONSE_BYTES = 1_000_000;

/** Markup or links in an answer: the page shows text, and an answer that tries to show more is refused. */
const MARKUP_OR_LINK =
  /<\/?[a-z!][^>]*>|\]\(|\bhttps?:\/\/|\bwww\.[a-z0-9-]+\.[a-z]|\bjavascript:|\bdata:text\//i;

/** A response body larger than MAX_RESPONSE_BYTES. */
class AnswerTooLargeError extends Error {
  constructor() {
    super(`The answer exceeded ${MAX_RESPONSE_BYTES} bytes.`);
    this.name = "AnswerTooLargeError";
  }
}

/** The platform's fetch, with the response body cut off (as an error) past MAX_RESPONSE_BYTES. */
async function boundedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_RESPONSE_BYTES) {
    await response.body?.cancel();
    throw new AnswerTooLargeError();
  }
  if (!response.body) return response;
  let read = 0;
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      read += chunk.byteLength;
      if (read > MAX_RESPONSE_BYTES) controller.error(new AnswerTooLargeError());
      else controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(limit), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

const invalid = (why: string, failure: AnalysisFailure = "malformed") => {
  logger.warn({ why, failure }, "AI provider answer rejected");
  return new AnalysisError(
    failure === "hostile"
      ? "The AI provider's answer held markup, links or more text than allowed; it was not used."
      : "The AI provider returned an invalid answer.",
    failure,
  );
};

/** Every string of an answer. */
function* strings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (value && typeof value === "object") for (const v of Object.values(value)) yield* strings(v);
}

/** Parses and validates the model's message; per-article notes must cover every article once. */
function parseAnswer(content: string | null | undefined, articles: AnalysisArticle[]): ModelAnswer {
  let json: unknown;
  try {
    json = JSON.parse(content ?? "");
  } catch {
    throw invalid("not JSON");
  }
  for (const s of strings(json)) if (MARKUP_OR_LINK.test(s)) throw invalid("markup or a link", "hostile");
  const parsed = modelAnswer.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const tooLong = issue?.code === "too_big";
    throw invalid(`schema: ${issue?.path.join(".")} ${issue?.message}`, tooLong ? "hostile" : "malformed");
  }
  const byIndex = new Map(
    parsed.data.articles.filter((a) => a.index < articles.length).map((a) => [a.index, a]),
  );
  if (byIndex.size !== articles.length) throw invalid("per-article notes missing");
  return { ...parsed.data, articles: articles.map((_, i) => byIndex.get(i)!) };
}

/** The answer as a draft for the service: the lists and texts as written, each article's notes. */
function draftOf(answer: ModelAnswer, articles: AnalysisArticle[], provider: ProviderInfo): ModelDraft {
  return {
    draft: "model",
    commonPoints: answer.commonPoints,
    angles: answer.angles,
    figures: answer.figures,
    conflicts: answer.conflicts,
    differences: answer.differences,
    summary: answer.summary,
    frontendSummary: answer.frontendSummary,
    biasAnalysis: answer.biasAnalysis,
    emotionalTone: answer.emotionalTone,
    articles: answer.articles.map((a, i) => ({
      index: i,
      source: articles[i].source,
      sentiment: a.sentiment,
      wording: a.wording,
      lean: a.lean,
    })),
    provider,
  };
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
      fetch: boundedFetch,
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

  /** Every analysis type asks the same (lib/analysis/provider.ts), so the type is not sent. */
  async analyze(articles: AnalysisArticle[]): Promise<ModelDraft> {
    const completion = await this.complete(articles);
    const choice = completion.choices?.[0];
    if (!choice) throw invalid("no choices");
    if (choice.message?.refusal) {
      throw new AnalysisError("The AI model declined to analyse these articles.", "refused");
    }
    if (choice.finish_reason === "length") throw invalid("answer cut off at the length limit");
    if (choice.finish_reason === "content_filter") {
      throw new AnalysisError("The AI model declined to analyse these articles.", "refused");
    }
    const answer = parseAnswer(choice.message?.content, articles);
    // The model that answered, as the server reports it; the configured name only if it does not say.
    const model = typeof completion.model === "string" && completion.model ? completion.model : undefined;
    return draftOf(answer, articles, this.info(model ?? this.options.model));
  }

  /** One chat completion within the time budget; SDK errors become readable AnalysisErrors. */
  private async complete(articles: AnalysisArticle[]) {
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
      { model: this.options.model, temperature: 0, ...modelRequest(articles) },
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
    if (error instanceof AnswerTooLargeError || (error as Error)?.cause instanceof AnswerTooLargeError) {
      return invalid(`response over ${MAX_RESPONSE_BYTES} bytes`, "hostile");
    }
    logger.warn({ err: error }, "AI provider call failed");
    if (error instanceof OpenAI.RateLimitError) {
      return new AnalysisError("The AI provider is rate-limiting requests.", "rate_limited");
    }
    if (error instanceof OpenAI.AuthenticationError || error instanceof OpenAI.PermissionDeniedError) {
      return new AnalysisError("The AI provider refused the configured API key.", "rejected_key");
    }
    if (error instanceof OpenAI.NotFoundError) {
      return new AnalysisError(
        `The AI provider at ${this.host} does not offer the model ${this.options.model}.`,
        "http_error",
      );
    }
    if (error instanceof OpenAI.APIConnectionError) {
      return new AnalysisError(`The AI provider at ${this.host} could not be reached.`, "unreachable");
    }
    if (error instanceof OpenAI.APIError && error.status) {
      return new AnalysisError(
        `The AI provider answered with an error (HTTP ${error.status}).`,
        "http_error",
      );
    }
    return new AnalysisError("The AI provider failed.");
  }
}
