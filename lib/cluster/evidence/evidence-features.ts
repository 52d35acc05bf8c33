/**
 * The names of a pair's evidence features, in record order: what lib/cluster/evidence/pair-evidence.ts fills,
 * what a weights file (lib/cluster/score/pair-weights*.json) weighs and lib/cluster/score/pair-model.ts scores.
 * It imports nothing, so the clustering contract (lib/cluster/types.ts) can name them.
 */

/** The features of a pair, in record order. */
export const EVIDENCE_FEATURES = [
  /** ln of the cosine: with the flags below, the old product of factors is a linear sum. */
  "logCosine",
  "cosine",
  /** The shared weight of words that are no names in either report (what happened, not who). */
  "sharedContent",
  /** The cosine without the single largest shared thing (a name, its words and phrase as one). */
  "residual",
  /** 1 when the residual is below EVIDENCE_TUNING.minResidual: one thing in common only. */
  "singleConcept",
  /** 1 when both have summaries and share only names (sharedContent below EVIDENCE_TUNING.minSharedContent). */
  "namesOnly",
  /** 1 when each report's headline or lead names someone specific the other never mentions. */
  "nameConflict",
  /** 1 when, besides, not one of either's key names appears in the other. */
  "strangerNames",
  /** 1 when both headlines state numbers of one kind (years aside) and share none of that kind. */
  "numberConflict",
  /** Days apart beyond EVIDENCE_TUNING.graceHours. */
  "lateDays",
  /** Days apart. */
  "daysApart",
  /** 1 when both have a summary of their own. */
  "bothSummaries",
  /** The rarest shared name's idf, over ln(batch size): 1 for a name only these two carry, 0 for none. */
  "rarestName",
  /** Specific key names of either met in the other (capped at EVIDENCE_TUNING.maxKeyNamesMet), over that cap. */
  "keyNamesMet",
  /** 1 when one outlet wrote both. */
  "sameOutlet",
  /** The shared weight of words both headlines state. */
  "sharedHeadline",
  /** How many features the two share, over EVIDENCE_TUNING.manyShared (capped at 1). */
  "sharedCount",
  /** How many shared names and words are rare in the batch (idf at least EVIDENCE_TUNING.rareIdf), over EVIDENCE_TUNING.manyRare (capped at 1). */
  "sharedRare",
] as const;

export type EvidenceFeature = (typeof EVIDENCE_FEATURES)[number];

/**
 * The features that look beyond what a pair shares (the key names each one misses, the numbers of
 * both headlines): a pair's evidence can be filled without them first (lib/cluster/evidence/pair-evidence.ts).
 */
export const COSTLY_FEATURES: readonly EvidenceFeature[] = [
  "nameConflict",
  "strangerNames",
  "numberConflict",
];
export const EVIDENCE_SIZE = EVIDENCE_FEATURES.length;
