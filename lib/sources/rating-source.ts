/**
 * Who rated the outlets' bias, shown next to every rating (docs/decisions/003-bias-ratings.md).
 * Its own module so the browser can name it without loading the registry's feed list.
 */
export const BIAS_RATING_SOURCE = "Editorial rating (project's known-sources list, 3-point scale)";
