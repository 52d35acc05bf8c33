/** The page's own shapes (docs/product.md §3 "News comparison (client)", "Article (client)", "AI analysis"). */

import type { CitedPoint, ProviderInfo } from "@/lib/schemas/analysis";
import type { ComparisonCard } from "@/lib/schemas/cards";
import type { Paywall } from "@/lib/sources/registry";

export type Sentiment = "positive" | "negative" | "neutral";

/** What the Source Comparison tab shows about an outlet (from the known-sources list). */
export interface SourceInfo {
  /** The outlet's id: its page is /sources/{id}. */
  id: string;
  name: string;
  region: string;
  biasRating: string;
  biasRatingSource: string;
  color: string;
  icon: string;
  paywall: Paywall;
}

export interface Article {
  id: string;
  title: string;
  summary: string;
  content: string;
  source: string;
  sourceUrl: string;
  publishedAt: string;
  imageUrl: string | null;
  category: string;
  likes: number;
  comments: number;
  isLiked: boolean;
  sentiment: Sentiment;
  /** -1 (left) .. +1 (right). */
  biasScore: number;
  /** True once an analysis has assessed this article; until then sentiment and biasScore are placeholders. */
  assessed?: boolean;
  sourceInfo: SourceInfo | null;
}

export interface AiAnalysis {
  commonPoints: CitedPoint[];
  differences: CitedPoint[];
  /** Lines on what each outlet leads with, and figures compared across outlets (either provider). */
  angles?: CitedPoint[];
  figures?: CitedPoint[];
  summary: string;
  biasAnalysis: string;
  factualAccuracy: number;
  emotionalTone: string;
  isAnalyzed: boolean;
  isLoading: boolean;
  progress?: number;
  currentStep?: string;
  /** Our additions, from the analysis response. */
  factualAccuracyMethod?: string;
  /** The corroboration counts behind factualAccuracy (absent only from answers stored before they were sent). */
  corroboration?: { corroborated: number; total: number };
  provider?: ProviderInfo;
  generatedAt?: string;
  fallbackReason?: string;
  /** Per-article assessments, by index into the card's articles. */
  assessments?: { index: number; sentiment: Sentiment; biasScore: number }[];
}

export interface CardComment {
  id: string;
  author: string;
  content: string;
  timestamp: number;
}

/** What the card's coverage line says: who reported the story first, when, and how coverage grew. */
export interface CoverageSummary {
  /** The outlet's name. */
  firstSource: string;
  /** The outlet's id: the line links its name to /sources/{id}. */
  firstSourceId: string;
  firstPublishedAt: string;
  lastPublishedAt: string;
  /** Distinct outlets covering the story. */
  outlets: number;
}

export interface NewsComparison {
  id: string;
  topic: string;
  articles: Article[];
  aiAnalysis: AiAnalysis;
  publishedAt: string;
  category: string;
  likes: number;
  comments: number;
  isLiked: boolean;
  realLikes?: number;
  realComments?: number;
  /** Local like the other community figures (the built-in demo card's); shown with real counts only. */
  views?: number;
  /** Our additions: the outlets' spread over the bias ratings, and demo markers. */
  bias: ComparisonCard["bias"] | null;
  isDemo: boolean;
  /** The clustering is not sure these reports describe one event; the card says so. */
  lowConfidence: boolean;
  /** How the story's coverage grew; null for a search result (its articles are no one story). */
  coverage: CoverageSummary | null;
}

export interface Selection {
  countries: string[];
  categories: string[];
}
