/**
 * The errors an analysis raises. The domain knows nothing of HTTP: the edge (lib/http/errors.ts)
 * maps these to the API's codes and statuses (a provider that failed is a 502, one that ran out
 * of time a 504).
 */

/** An analysis could not be made: the provider failed, refused, or answered nothing usable. */
export class AnalysisError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AnalysisError";
  }
}

/** An analysis (a provider's call, the local analyzer or the grounding check) ran out of time. */
export class AnalysisTimeoutError extends AnalysisError {
  constructor(message: string) {
    super(message);
    this.name = "AnalysisTimeoutError";
  }
}
