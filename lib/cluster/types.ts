/** The clustering contract: what the ingest side hands in and what the card builder reads back. */

import type { CategoryId } from "@/lib/catalog";
import type { EvidenceFeature } from "@/lib/cluster/evidence/evidence-features";

/** One article as the clusterer sees it (plain text, already normalised by ingest). */
export interface ClusterArticle {
  /** Stable article id. */
  id: string;
  /** Plain-text headline. */
  title: string;
  /** Plain-text summary; may be "" (the UCI set has headlines only). */
  summary: string;
  /** The article's link as the feed gave it: its slug's words count as a little more text (lib/cluster/evidence/link-words.ts). */
  url?: string | null;
  /** Outlet id; a card needs at least two distinct ones. */
  sourceId: string;
  publishedAt: Date;
  category?: CategoryId;
  /** Supported country ids the article mentions or its outlet's home. */
  countries?: string[];
  imageUrl?: string | null;
}

/** How much each kind of feature weighs in an article's vector (lib/cluster/evidence/features.ts). */
export interface FeatureWeights {
  /** Multiplier for a detected name (a capitalised word that is not merely a sentence start). */
  nameBoost: number;
  /** Multiplier for a number. */
  numberBoost: number;
  /** Multiplier for two adjacent names read as one phrase ("lena dunham", "mt gox"). */
  phraseBoost: number;
  /** A summary word counts this much against a headline word. */
  summaryWeight: number;
  /** A word of the link's slug that the headline and summary do not already have counts this much. */
  linkWeight: number;
}

/** How one feature enters the score: weight · (value − mean) / scale. */
export interface FeatureWeight {
  weight: number;
  mean?: number;
  scale?: number;
}

/** A weights file as committed (lib/cluster/score/pair-weights*.json), scored by lib/cluster/score/pair-model.ts. */
export interface PairModelFile {
  /** What the file is and how it was made, in words. */
  method: string;
  link: "logistic" | "exp";
  bias: number;
  /** Features absent (or dropped) weigh nothing. */
  features: Partial<Record<EvidenceFeature, FeatureWeight>>;
  /** The labelled days it was fitted on. */
  days?: string[];
  /** The cross-day figures the fit reached (leave-one-day-out), for the record. */
  crossDay?: Record<string, unknown>;
}

/** A group of articles judged to report one event. */
export interface StoryCluster {
  /** Sorted by id, so the same input always yields the same cluster. */
  articleIds: string[];
  /**
   * 0..1, how sure we are the members report ONE event: the members' mean pair probability under
   * the fitted pair model (a hand-set model's mean score goes through a saturating curve;
   * docs/decisions/023-learned-pair-weights.md). Singletons are 1.
   */
  confidence: number;
}

/** The knobs of clusterArticles; the defaults and their reasons: lib/cluster/tuning.ts. */
export interface ClusterOptions extends FeatureWeights {
  /** The pair model; by default the committed weights for the kind of batch (lib/cluster/assembly/cluster-articles.ts). */
  pairModel?: PairModelFile;
  /** A candidate pair becomes an edge when its pair score reaches this. */
  edgeThreshold: number;
  /** The centroid similarity left once the single largest shared feature is taken out must reach this. */
  minResidualSimilarity: number;
  /** Pairs at least this similar count as neighbours in phase 2. */
  attachEdgeThreshold: number;
  /** How many nearest neighbours each article remembers for phase 2. */
  neighbourCount: number;
  /** Groups up to this size may join a larger group their members' neighbours point to. */
  attachMaxFragment: number;
  /** The winning group must hold at least this share of the fragment's outside neighbour similarity… */
  attachShare: number;
  /** …and at least this much of it in total… */
  attachThreshold: number;
  /** …from at least this many of its neighbours. */
  attachMinNeighbours: number;
  /** Phase 2 repeats, since a fragment that joined can carry its neighbours' votes in the next round. */
  attachRounds: number;
  /** Each article proposes candidates through at most this many of its heaviest features. */
  maxKeyFeatures: number;
  /** Postings up to this length are paired exhaustively; longer ones only within a time window. */
  maxExhaustivePosting: number;
  /** In a long posting, each article is paired with this many neighbours on each side (by time). */
  postingWindow: number;
  /** Features in more than this share of the articles are too common to propose candidates. */
  maxDocumentFrequencyRatio: number;
  /** Two groups join when the mean similarity over all their cross pairs (average linkage) reaches this… */
  mergeAverage: number;
  /** …or when their centroids' cosine reaches this while the mean stays at least mergeFloor. */
  mergeCentroid: number;
  mergeFloor: number;
  /** Centroids are compared only between groups of at least this many articles (a small group's centroid is noise). */
  centroidMinSize: number;
  /** Two groups average linkage left apart join when their best pair reaches this… */
  strongPair: number;
  /** …and the mean over all their cross pairs is at least this. */
  strongFloor: number;
  /** Pairs at least this similar count towards the average linkage; weaker ones count as 0. */
  linkFloor: number;
  /** Two groups that would each make a card join when every article of each has one in the other scoring at least this (lib/cluster/assembly/join-cards.ts). */
  cardSupport: number;
  /** A card is about the features two of its outlets and at least this share of its reports carry; two cards about two of the same things, one a name, join too (lib/cluster/assembly/join-cards.ts). */
  cardSubjectShare: number;
  /** …counting a shared feature only when at least this share of the batch's reports carrying it are the two cards'. */
  cardSubjectOwnShare: number;
}
