/**
 * Every number of the clusterer that is set by hand rather than fitted, in one place, each with the
 * range it was tried over and why it stands where it does. The pair weights are not here: they are
 * fitted from the labelled days (`npm run cluster:train`, lib/cluster/score/pair-weights.json) or, for
 * headlines alone, hand-set in lib/cluster/score/pair-weights-headlines.json. Decisions 020, 022–026.
 * What a rebuild may ask a model (pairs, calls, tokens, time) are settings: CLUSTER_MODEL_* in lib/env.ts.
 */
import type { ClusterOptions, FeatureWeights } from "@/lib/cluster/types";

/** Thresholds inside the pair evidence (lib/cluster/evidence/pair-evidence.ts): where a rule's flag turns on. */
export const EVIDENCE_TUNING = {
  /** singleConcept: the cosine left without the largest shared thing is below this (0.03–0.2 tried; 0.12 from decision 022). */
  minResidual: 0.12,
  /** namesOnly: what two summaries share besides names weighs less than this (0.02–0.1; decision 022). */
  minSharedContent: 0.05,
  /** A name in at most this share of the batch is specific, who or where (0.02–0.1; "Trump", "US" sit above it). */
  specificNameShare: 0.05,
  /** lateDays counts from this many hours apart (6–24): a day's running story is reported over half a day. */
  graceHours: 12,
  /** keyNamesMet saturates here (2–6): beyond four shared key names the pair is one story anyway. */
  maxKeyNamesMet: 4,
  /** sharedCount saturates here (5–20): a dozen shared words and names is a lot for two reports. */
  manyShared: 12,
  /**
   * sharedRare: a shared feature is rare when its idf over ln(batch size) reaches this (0.6: in a
   * day of 400 reports, carried by at most 10; not swept). Counting them told stories apart better
   * than the rarest one's idf did (decision 024).
   */
  rareIdf: 0.6,
  /** sharedRare saturates here (not swept): four rare things in common make one event. */
  manyRare: 4,
} as const;

/**
 * The defaults, for feeds whose items carry summaries (what the product ingests). The feature
 * weights shape the vectors; the thresholds are on the scale of the pair model's score (a
 * probability for the fitted model). Candidate generation and the centroid pass as in decision 022.
 */
export const DEFAULT_CLUSTER_OPTIONS: Omit<ClusterOptions, "pairModel"> = {
  // Vector weights (1–2 tried for the boosts): names and numbers tell events apart; decision 022.
  nameBoost: 1,
  numberBoost: 1.6,
  phraseBoost: 1.2,
  summaryWeight: 1,
  // Link slug words that the text lacks (0–1): 0.6 kept "star QB" meeting "Jameis Winston" (decision 022).
  linkWeight: 0.6,
  // On the fitted model's probability scale. Two groups join when the mean probability over
  // their cross pairs reaches this (0.5–0.8 tried by leave-one-day-out: 0.5 gave 77 % pure cards,
  // 0.7 92 %, 0.75 96 % with 61 % of stories carded, 0.8 98 % with 56 %; with the final
  // features 0.72 / 0.75 / 0.78 give 94.9 / 97.7 / 98.3 % pure and 63.2 / 60.5 / 58.1 % carded).
  mergeAverage: 0.75,
  // Pairs below this probability count as 0 in average linkage and in a card's confidence
  // (0.1–0.5 give the same cards on every labelled day; at 10,000 articles 0.3 keeps under half
  // the links of 0.1, which average linkage pays for).
  linkFloor: 0.3,
  // Two groups also join when one pair of them is near certain and their cross pairs are not
  // strangers on average (0.85–0.95 and 0.05–0.2 tried): fewer duplicate cards (9.2 → 7.3 %), and
  // one outlet's many reports no longer average another outlet's report out.
  strongPair: 0.95,
  strongFloor: 0.1,
  // Two cards join when every report of each has a partner in the other at this probability or
  // more (lib/cluster/assembly/join-cards.ts; decision 026). 0.3–0.7 tried leave-one-day-out: 0.4 and 0.5
  // give 5.8 → 5.0 % duplicate cards at the same purity, 0.3 also joins two stories (97.2 % pure),
  // 0.6 and above joins nothing; 0.5, "more likely than not", is the middle of the flat range.
  cardSupport: 0.5,
  // Two cards with a likely link also join when what each is about holds two things of the other's,
  // one a name (join-cards.ts; decision 176). What a card is about: what two of its outlets and at
  // least this share of its reports carry (0.5–0.75 tried leave-one-day-out: the same two joins,
  // 5.0 → 3.5 % duplicate cards at the same purity; 0.9 loses the convention's join, 4.4 %); two
  // thirds, the middle of the flat range.
  cardSubjectShare: 2 / 3,
  // A thing is the two cards' own when at least this share of the batch's reports carrying it are
  // theirs (1/3–1/10 and none tried, on the dev days and on bench:cluster's synthetic news, whose
  // stories share names and Zipf-common words: 1/3 loses the convention's join, its words in 38
  // reports of the day and 11 of the cards; 1/4–1/8 keep both dev joins and join no two synthetic
  // stories; 1/10 joins one pair of them, none a few hundred, synthetic F1 0.947 → 0.894 at 10k).
  // A fifth, the middle of the flat range.
  cardSubjectOwnShare: 1 / 5,
  // An edge for the centroid pass (0.3–0.9; 0.3 cost a point of purity, above 0.5 nothing changes).
  edgeThreshold: 0.5,
  // The centroid pass: centroids' cosine and mean member cosine (decision 022; unchanged).
  mergeCentroid: 0.2,
  mergeFloor: 0.03,
  centroidMinSize: 3,
  minResidualSimilarity: 0.12,
  // Leftovers joining by neighbour votes: off for summaries, where every setting tried (probability
  // 0.3–0.5 per neighbour, 0.8–1.5 in total) lost purity for no story gained; on for headlines.
  attachRounds: 0,
  attachEdgeThreshold: 0.1,
  attachThreshold: 0.4,
  neighbourCount: 8,
  attachMaxFragment: 5,
  attachShare: 0.6,
  attachMinNeighbours: 2,
  // Candidates (decision 022): speed against recall, measured by bench:cluster and the pair ceiling.
  maxKeyFeatures: 8,
  maxExhaustivePosting: 32,
  postingWindow: 12,
  maxDocumentFrequencyRatio: 0.1,
};

/**
 * Headlines alone (a batch where most items have no summary) share fewer words, and a story's
 * headlines often share only its name: names weigh more, groups grow by centroid and neighbour
 * votes; the thresholds are on the hand-set model's scale (a damped cosine). Chosen on
 * uci-dev.csv; decisions 020 and 022.
 */
export const HEADLINE_CLUSTER_OPTIONS: Partial<ClusterOptions> = {
  nameBoost: 1.6,
  summaryWeight: 0.5,
  // A headline's link mostly repeats it, in each outlet's own URL style: on uci-dev.csv its words
  // cost 0.03 of F1 (decision 022).
  linkWeight: 0,
  linkFloor: 0.1,
  edgeThreshold: 0.2,
  mergeAverage: Infinity,
  strongPair: Infinity,
  cardSupport: Infinity,
  mergeCentroid: 0.21,
  mergeFloor: 0,
  centroidMinSize: 1,
  minResidualSimilarity: 0.03,
  attachRounds: 3,
};

/**
 * The vector weights a card's headline is chosen with (lib/cluster/cards/build-card.ts): the member most
 * like the others, on vectors with its own IDF, leads the card. These are the weights of the
 * hand-set clusterer before the fitted one (names and numbers 1.6, phrases 1.2, a summary word half
 * a headline word: decision 022), kept when the clusterer's own weights moved to
 * DEFAULT_CLUSTER_OPTIONS, so the headline a card shows did not change with the pair model. Not swept
 * against labels: no labelled set says which headline reads best; links count as for the clusterer (0.6).
 */
export const CARD_HEADLINE_WEIGHTS: FeatureWeights = {
  nameBoost: 1.6,
  numberBoost: 1.6,
  phraseBoost: 1.2,
  summaryWeight: 0.5,
  linkWeight: 0.6,
};

/**
 * For a hand-set model (a damped cosine), the mean pair score at which a card's confidence is one
 * half (lib/cluster/assembly/cluster-articles.ts): the merge threshold of decision 022. A fitted model's
 * mean is a probability and is used as it is.
 */
export const CONFIDENCE_HALF = 0.18;

/**
 * The grey zone (lib/cluster/verdicts/grey-zone.ts): the cross-outlet candidate pairs a rebuild may ask a
 * language model about. How many it asks at most is a setting (CLUSTER_MODEL_MAX_PAIRS, lib/env.ts).
 * Chosen leave-one-day-out with perfect verdicts standing in for the model (the labels as answers),
 * before any model answered, so the band and caps are not fitted to a model's answers (decision 025).
 */
export const GREY_ZONE = {
  /**
   * Below this the pair model is sure enough that two reports differ (0.01–0.1 tried: with 300
   * pairs a day, 0.02 and 0.05 reach the same 92.5 % of stories carded; 0.1 reaches 88.4 %, its
   * band holding too few of the missed stories' pairs).
   */
  low: 0.05,
  /** From here on a pair joins without help (strongPair in DEFAULT_CLUSTER_OPTIONS): nothing to ask. */
  high: 0.95,
  /**
   * At most this many pairs name one article (2–8 and no cap tried at 250–500 pairs a day: 3 gives
   * 89.7–91.6 % carded, 6 92.5–94.4 %, no cap 90.0–93.0 %): one report of a big story would
   * otherwise fill the list with its look-alikes, and a story needs only one pair across outlets.
   */
  perArticle: 6,
  /**
   * A round asks at most this many pairs (the rebuild's bounds, CLUSTER_MODEL_* in lib/env.ts, cap
   * all its rounds together): the first round's list is the one the band and the cap were chosen
   * with (300 a day), and a later round asks again once these answers have reshaped the cards.
   */
  perRound: 300,
} as const;

/**
 * What a verdict on a pair (lib/cluster/verdicts/pair-verdicts.ts) counts as, in place of the pair model's
 * probability. "same": 0.95, strongPair of DEFAULT_CLUSTER_OPTIONS, the level from which the words'
 * own pairs are called near certain: a reader's "same" weighs as much as the surest words inside
 * average linkage (two lone reports join; a report joins a group whose other reports its words
 * half agree with), but it never triggers the strong-pair pass on its own, so one mistaken "same"
 * cannot chain two stories (decision 028; with 0.97 and the strong-pair pass, as decision 025 had
 * it, three dev days fell below 95 % pure). Groups join on verdicts through VERDICT_TIES.
 * "different": 0, a pair that never joins, and the passes after average linkage refuse to join
 * two groups holding one (decision 025).
 */
export const VERDICT_PROBABILITY = { same: 0.95, different: 0 } as const;

/**
 * Joins on verdicts (lib/cluster/assembly/verdict-ties.ts, decision 028): two groups join when "same"
 * verdicts (and near-certain pairs of words beside them) tie at least this many reports of each;
 * a lone report, whose answers are all readings of one text, joins no group this way (decision
 * 162). Two: a second, independent reading that agrees with the first; one
 * would let any single mistaken answer join two stories (each impure card of decision 025 was one
 * mistaken "same"), and more would ask a third question for every pair of groups. Not swept.
 */
export const VERDICT_TIES = { reports: 2 } as const;

/**
 * The questions of later rounds (lib/cluster/verdicts/follow-up.ts, decision 027). Set by what a question
 * costs, not swept: each is one pair of about 80 tokens.
 */
export const FOLLOW_UP = {
  /**
   * Two cards whose centroids' cosine reaches this may show one story: a tenth of their words'
   * weight in common (the centroid pass joins without asking from 0.2 when more agrees; the cards
   * of one running story that decision 026 could not join sit at 0.3–0.4, and so do cards of two
   * stories sharing a place and a topic, which is why the model is asked).
   */
  duplicateSimilarity: 0.1,
  /** A card's two nearest cards are asked about (a story is rarely shown three times). */
  duplicatesPerCard: 2,
  /** At most this many cards, the largest, are compared pairwise (45,000 comparisons). */
  maxCards: 300,
} as const;

/**
 * The wider questions (lib/cluster/verdicts/wider-questions.ts, decision 174): once a rebuild, the
 * best cross-outlet partner of each report no card holds, found by a wider candidate search and
 * asked in the grey zone's band (GREY_ZONE.low and high; 0.02 asks the same pairs). Chosen
 * leave-one-day-out with the labels standing in for the answers, as the grey zone was.
 */
export const WIDER_QUESTIONS = {
  /**
   * Key features a report is indexed under in the wider search (the cards' candidates: 8). 12, 16,
   * 24 and 32 tried: 12 was chosen in six of seven folds (one story more than 16 and above).
   */
  keyFeatures: 12,
  /** A report's best partner is asked (two each: fewer stories, more mistaken joins when the answers err). */
  perReport: 1,
  /**
   * At most this many pairs a rebuild: one request (CLUSTER_MODEL_PAIRS_PER_CALL). Set by cost: 20
   * and 30 card the same stories on six of seven days.
   */
  limit: 40,
} as const;

/**
 * A summary of its own has at least this many words; shorter ones are a headline's echo, not a
 * report of what happened. It decides both whether a batch is headlines only (fewer than half its
 * articles have one: lib/cluster/assembly/cluster-articles.ts, counting words as written) and the pair
 * evidence's summary flags (lib/cluster/evidence/features.ts, counting the summary's terms). Not swept: the
 * UCI headlines have none, the team's feeds' summaries run to a sentence or more.
 */
export const SUMMARY_MIN_WORDS = 5;

/**
 * An outlet's boilerplate (lib/cluster/evidence/features.ts): the same words under every item ("Subscribe
 * to our channel", a byline, a section name) would otherwise tie all its articles together. A term
 * in at least `share` of an outlet's summaries (or links) is its boilerplate; in titles, where one
 * outlet may cover one story all day, only a term in nearly all of them is. An outlet with fewer
 * than `minArticles` items in the batch has none (too few to tell a habit from a story). Set by
 * hand with decision 022, not swept.
 */
export const OUTLET_BOILERPLATE = {
  titles: { share: 0.9, minArticles: 10 },
  summaries: { share: 0.5, minArticles: 5 },
  links: { share: 0.5, minArticles: 5 },
} as const;

/** A link's words (lib/cluster/evidence/link-words.ts). Set by hand, not swept. */
export const LINK_WORDS = {
  /** Links longer than this are cut before reading: no real slug needs more. */
  maxLength: 2_000,
  /** A path segment needs this many words to be read as the story's slug, not a section ("uk-news"). */
  minSlugWords: 3,
} as const;

/** Cards (lib/cluster/cards/build-card.ts, lib/cluster/cards/card-changes.ts). Set by hand, not swept. */
export const CARD_TUNING = {
  /**
   * Representativeness scores (a member's mean similarity to the others) this close count as
   * equal when choosing a card's headline, so a summary, an image or an earlier time decides.
   */
  scoreStep: 0.01,
  /**
   * A card's confidence moves a little whenever the window's other articles change its word
   * weights; smaller moves than this are not worth a write (and a new ETag for every reader).
   */
  confidenceStep: 0.02,
} as const;

/**
 * The question to the model (lib/cluster/verdicts/same-event-prompt.ts). Set by what a question costs,
 * not swept; the rebuild's token bound is a setting (CLUSTER_MODEL_*, lib/env.ts).
 */
export const SAME_EVENT_PROMPT = {
  /** A summary is cut to this many characters in the prompt (feed summaries run to a paragraph). */
  summaryChars: 400,
  /** A headline is cut to this many characters (a headline longer than this is feed junk). */
  titleChars: 200,
  /** The answer, in characters a pair: about a dozen tokens. */
  answerCharsPerPair: 48,
  /** The token estimate: about four characters of English a token. */
  charsPerToken: 4,
} as const;
