/**
 * The errors an analysis raises. The domain knows nothing of HTTP: the edge (lib/http/errors.ts)
 * maps these to the API's codes and statuses (a provider that failed is a 502, one that ran out
 * of time a 504). Each names its cause in one word, which the operator's metrics count
 * (lib/analysis/outcomes.ts).
 */
import { NamedError } from "@/lib/errors";

/**
 * Why an analysis failed: out of time; the model declined; its answer was not the JSON asked
 * for; it held markup or links, or was too large; the server limited or refused the calls
 * (rate limit, key, model name, HTTP error) or could not be reached; or nothing it said was
 * grounded in the articles.
 */
export type AnalysisFailure =
  | "timeout"
  | "refused"
  | "malformed"
  | "hostile"
  | "rate_limited"
  | "rejected_key"
  | "http_error"
  | "unreachable"
  | "ungrounded"
  | "failed";

/** An analysis could not be made: the provider failed, refused, or answered nothing usable. */
export class AnalysisError extends NamedError {
  override readonly name: string = "AnalysisError";

  constructor(
    message: string,
    readonly failure: AnalysisFailure = "failed",
  ) {
    super(message);
  }
}

/** An analysis (a provider's call, the local analyzer or the grounding check) ran out of time. */
export class AnalysisTimeoutError extends AnalysisError {
  override readonly name = "AnalysisTimeoutError";

  constructor(message: string) {
    super(message, "timeout");
  }
}
