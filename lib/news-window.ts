/**
 * The news window: the product keeps, clusters, lists and searches only the stories of the last
 * 72 hours (docs/product.md §1 and §9). One constant for ingest, services and benchmarks, so
 * the store's purge and the card list can never disagree on what is recent.
 */

export const NEWS_WINDOW_HOURS = 72;

export const NEWS_WINDOW_MS = NEWS_WINDOW_HOURS * 3_600_000;

/** The start of the window that ends at `now`. */
export const newsWindowStart = (now: Date): Date => new Date(now.getTime() - NEWS_WINDOW_MS);
