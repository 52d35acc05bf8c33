/**
 * What the clusterer's evidence is made of: each article as a sparse unit vector of weighted
 * features (lib/cluster/evidence/features.ts makes them), the batch's shared arrays, the roles a
 * feature plays in an article, and the cosine of two vectors.
 */

export interface ArticleVector {
  /** Feature ids, ascending. */
  features: Int32Array;
  /** Weights aligned with features; the vector has unit length (or is empty). */
  weights: Float64Array;
  /** ROLE_* flags aligned with features. */
  roles: Uint8Array;
  /** Ids of the numbers the headline states (years aside), ascending: two different sets mean two different events. */
  numbers: Int32Array;
}

export interface BatchVectors {
  vectors: ArticleVector[];
  /** Per feature id, how many articles of the batch carry it; ids run from the most frequent down. */
  documentFrequency: Int32Array;
  /** Ids below this are carried by two articles or more; the rest by one, so they never add to a dot product. */
  sharedFeatureCount: number;
  /** Per feature id, the kind of number it is (numberKind), 0 for words and years. */
  numberKinds: Uint8Array;
  /** Per feature id, 1 for a title that precedes a name ("president": lib/text/words.ts HONORIFICS) or a year: who and when, never what happened. */
  titleOrYear: Uint8Array;
  /** Per article, 1 when it has a summary of its own (SUMMARY_MIN_WORDS or more, lib/cluster/tuning.ts). */
  withSummary: Uint8Array;
  /** Per feature id, the id standing for the name it is part of ("saudi", "arabia" → "saudiarabia"), else itself. */
  featureGroup: Int32Array;
  /** Per feature id, for a phrase, the ids of its two words ("joescarborough" → "joe", "scarborough"), else -1. */
  phraseWords: { first: Int32Array; second: Int32Array };
  /** The same vectors as flat arrays (article i owns entries offsets[i] to offsets[i + 1]), for hot loops. */
  flat: {
    offsets: Int32Array;
    features: Int32Array;
    weights: Float64Array;
    roles: Uint8Array;
    numberOffsets: Int32Array;
    numbers: Int32Array;
  };
}

/** What a feature is in one article: bit flags kept beside its weight. */
export const ROLE_NAME = 1;
/** A name of the headline (or, when it names no one, of the summary's first sentence): whom or where the report is about. */
export const ROLE_KEY_NAME = 2;
/** A number the headline states. */
export const ROLE_HEADLINE_NUMBER = 4;
/** A word or number of the headline. */
export const ROLE_HEADLINE = 8;

/** Dot product of two unit vectors: their cosine similarity. */
export function cosine(a: ArticleVector, b: ArticleVector): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  const fa = a.features;
  const fb = b.features;
  while (i < fa.length && j < fb.length) {
    if (fa[i] === fb[j]) sum += a.weights[i++] * b.weights[j++];
    else if (fa[i] < fb[j]) i++;
    else j++;
  }
  return sum;
}
