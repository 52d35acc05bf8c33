/**
 * Size limits of an analysis request, in a module without zod so the browser can import them
 * without bundling the schema library (re-exported by ./analysis).
 */
export const ANALYSIS_LIMITS = {
  minArticles: 2,
  maxArticles: 20,
  titleMax: 500,
  summaryMax: 5_000,
  contentMax: 20_000,
  sourceMax: 100,
} as const;
