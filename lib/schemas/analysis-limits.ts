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

/**
 * What the page sends for a related article whose feed gave no summary or content (docs/product.md
 * §3 mapping rules): stand-ins, not the article's text, so the analysis reads them as no text.
 */
export const RELATED_ARTICLE_FALLBACKS = {
  summary: "Related article",
  content: "Content not available",
} as const;
