/**
 * The community preview's local demo logic (docs/product.md §3, §4, §5, §9). Pure functions over plain
 * data; nothing here reaches a server. The preview is shown faded and inert ('coming soon').
 */

import type { Tone } from "./bands";
import type { Sentiment } from "./types";

export const REACTION_TYPES = ["like", "dislike", "surprised", "angry", "sad", "thoughtful"] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];
export const POSITIVE_REACTIONS: readonly ReactionType[] = ["like", "thoughtful", "surprised"];
export const NEGATIVE_REACTIONS: readonly ReactionType[] = ["dislike", "angry", "sad"];

export const CREDIBILITY_VALUES = ["accurate", "needs-fact-check", "misleading", "unverified"] as const;
export type CredibilityValue = (typeof CREDIBILITY_VALUES)[number];
export const CREDIBILITY_WEIGHTS: Record<CredibilityValue, number> = {
  accurate: 100,
  "needs-fact-check": 60,
  unverified: 40,
  misleading: 0,
};
export const EXPLANATION_PLACEHOLDER = "Please explain your concerns about this article's credibility...";

export const INFORMATIVENESS_VALUES = [
  "very-informative",
  "informative",
  "somewhat-informative",
  "not-informative",
] as const;
export type InformativenessValue = (typeof INFORMATIVENESS_VALUES)[number];
export const INFORMATIVENESS_STARS: Record<InformativenessValue, number> = {
  "very-informative": 4,
  informative: 3,
  "somewhat-informative": 2,
  "not-informative": 1,
};
export const MAX_STARS = 4;

export const SORT_ORDERS = [
  { id: "newest", label: "Newest First" },
  { id: "oldest", label: "Oldest First" },
  { id: "most-liked", label: "Most Liked" },
  { id: "most-discussed", label: "Most Discussed" },
] as const;
export type SortOrder = (typeof SORT_ORDERS)[number]["id"];

export const DEMO_SHARE_COUNT = 47;
/** Flags at which a comment is hidden for moderation (the spec is silent; see decision 047). */
export const MODERATION_FLAGS = 3;

export interface User {
  id: string;
  name: string;
}
export const CURRENT_USER: User = { id: "current-user", name: "You" };

export interface Reaction {
  id: string;
  userId: string;
  userName: string;
  type: ReactionType;
  timestamp: number;
}
export interface CredibilityRating {
  id: string;
  userId: string;
  userName: string;
  rating: CredibilityValue;
  comment?: string;
  timestamp: number;
}
export interface InformativenessRating {
  id: string;
  userId: string;
  userName: string;
  rating: InformativenessValue;
  timestamp: number;
}
export interface Reply {
  id: string;
  parentId: string;
  author: string;
  content: string;
  timestamp: number;
  likes: number;
  isLiked: boolean;
  flags: number;
}
export interface Comment {
  id: string;
  author: string;
  content: string;
  timestamp: number;
  likes: number;
  isLiked: boolean;
  replies: Reply[];
  flags: number;
  isModerated: boolean;
  sentiment: Sentiment;
  themes: string[];
}

export interface CommunityAnalytics {
  totalReactions: number;
  reactionBreakdown: Record<ReactionType, number>;
  credibilityConsensus: {
    accurate: number;
    needsFactCheck: number;
    misleading: number;
    unverified: number;
    averageScore: number;
  };
  informativenessScore: { average: number; breakdown: Record<InformativenessValue, number> };
  sentimentAnalysis: { positive: number; negative: number; neutral: number; dominantSentiment: Sentiment };
  commentThemes: { theme: string; count: number; sentiment: Sentiment }[];
  publicOpinionTrends: { timeframe: string; sentiment: number; credibility: number; engagement: number }[];
  mostDiscussedAspects: string[];
  aiVsHumanComparison: {
    aiSentiment: Sentiment;
    humanSentiment: Sentiment;
    agreement: number;
    divergencePoints: string[];
  };
}

export interface CommunityState {
  reactions: Reaction[];
  credibility: CredibilityRating[];
  informativeness: InformativenessRating[];
  comments: Comment[];
}

// ---- Reactions and ratings: one per user -------------------------------------------------

/** One reaction per user: a new type replaces theirs, the same type again removes it. */
export function toggleReaction(
  list: Reaction[],
  user: User,
  type: ReactionType,
  now: number,
  id: string,
): Reaction[] {
  const mine = list.find((r) => r.userId === user.id);
  const others = list.filter((r) => r.userId !== user.id);
  if (mine?.type === type) return others;
  return [...others, { id, userId: user.id, userName: user.name, type, timestamp: now }];
}

export function requiresExplanation(rating: CredibilityValue): boolean {
  return rating === "needs-fact-check" || rating === "misleading";
}

/** Whether a credibility rating may be submitted: an explanation is needed for two of the values. */
export function canSubmitCredibility(rating: CredibilityValue, explanation: string): boolean {
  return !requiresExplanation(rating) || explanation.trim().length > 0;
}

/** One credibility rating per user; refused (list unchanged) when a required explanation is empty. */
export function rateCredibility(
  list: CredibilityRating[],
  user: User,
  rating: CredibilityValue,
  explanation: string,
  now: number,
  id: string,
): CredibilityRating[] {
  if (!canSubmitCredibility(rating, explanation)) return list;
  const comment = explanation.trim() || undefined;
  const entry: CredibilityRating = { id, userId: user.id, userName: user.name, rating, timestamp: now };
  if (comment) entry.comment = comment;
  return [...list.filter((r) => r.userId !== user.id), entry];
}

/** One informativeness rating per user. */
export function rateInformativeness(
  list: InformativenessRating[],
  user: User,
  rating: InformativenessValue,
  now: number,
  id: string,
): InformativenessRating[] {
  return [
    ...list.filter((r) => r.userId !== user.id),
    { id, userId: user.id, userName: user.name, rating, timestamp: now },
  ];
}

/** The community credibility score: the rounded average of the weights, or null with no rating. */
export function credibilityScore(list: CredibilityRating[]): number | null {
  if (list.length === 0) return null;
  return Math.round(list.reduce((sum, r) => sum + CREDIBILITY_WEIGHTS[r.rating], 0) / list.length);
}

/** Green at 80 or more, amber at 60 or more, else red. */
export function scoreTone(score: number): Tone {
  if (score >= 80) return "green";
  if (score >= 60) return "amber";
  return "red";
}

/** Average stars (1..4), or 0 with no rating. */
export function informativenessAverage(list: InformativenessRating[]): number {
  if (list.length === 0) return 0;
  return list.reduce((sum, r) => sum + INFORMATIVENESS_STARS[r.rating], 0) / list.length;
}

/** The average as shown: one decimal over 4 stars. */
export function formatStars(average: number): string {
  return `${average.toFixed(1)}/${MAX_STARS}`;
}

/** Positive side vs negative side of the reactions; a tie (or none) is neutral. */
export function dominantSentiment(list: Reaction[]): Sentiment {
  const positive = list.filter((r) => POSITIVE_REACTIONS.includes(r.type)).length;
  const negative = list.filter((r) => NEGATIVE_REACTIONS.includes(r.type)).length;
  if (positive > negative) return "positive";
  if (negative > positive) return "negative";
  return "neutral";
}

/** AI/community agreement once recomputed: 95 when the sentiments match, else 65. */
export function agreement(ai: Sentiment, human: Sentiment): number {
  return ai === human ? 95 : 65;
}

/** The demo's initial agreement, before any local action: 85 when they match, else 72. */
export function initialAgreement(ai: Sentiment, human: Sentiment): number {
  return ai === human ? 85 : 72;
}

// ---- Discussion --------------------------------------------------------------------------

/** Submit is enabled only for text that is not empty once trimmed. */
export function canSubmitText(text: string): boolean {
  return text.trim().length > 0;
}

/** Appends a comment with the trimmed text; an empty text changes nothing. */
export function addComment(
  list: Comment[],
  author: string,
  text: string,
  now: number,
  id: string,
): Comment[] {
  const content = text.trim();
  if (!content) return list;
  return [
    ...list,
    {
      id,
      author,
      content,
      timestamp: now,
      likes: 0,
      isLiked: false,
      replies: [],
      flags: 0,
      isModerated: false,
      sentiment: "neutral",
      themes: [],
    },
  ];
}

/** Appends a reply (trimmed) under `parentId`; an empty text changes nothing. */
export function addReply(
  list: Comment[],
  parentId: string,
  author: string,
  text: string,
  now: number,
  id: string,
): Comment[] {
  const content = text.trim();
  if (!content) return list;
  return list.map((c) =>
    c.id === parentId
      ? {
          ...c,
          replies: [
            ...c.replies,
            { id, parentId, author, content, timestamp: now, likes: 0, isLiked: false, flags: 0 },
          ],
        }
      : c,
  );
}

/** Flips the like on a comment or a reply, changing its count by one. */
export function toggleCommentLike(list: Comment[], id: string): Comment[] {
  const flip = <T extends { likes: number; isLiked: boolean }>(x: T): T => ({
    ...x,
    isLiked: !x.isLiked,
    likes: x.likes + (x.isLiked ? -1 : 1),
  });
  return list.map((c) =>
    c.id === id ? flip(c) : { ...c, replies: c.replies.map((r) => (r.id === id ? flip(r) : r)) },
  );
}

/** Flags a comment; at MODERATION_FLAGS it is moderated (shown in red). */
export function flagComment(list: Comment[], id: string): Comment[] {
  return list.map((c) =>
    c.id === id
      ? { ...c, flags: c.flags + 1, isModerated: c.isModerated || c.flags + 1 >= MODERATION_FLAGS }
      : c,
  );
}

/** Newest First, Oldest First, Most Liked, Most Discussed (most replies); ties keep newest first. */
export function sortComments(list: Comment[], order: SortOrder): Comment[] {
  const newest = (a: Comment, b: Comment) => b.timestamp - a.timestamp;
  const compare: Record<SortOrder, (a: Comment, b: Comment) => number> = {
    newest,
    oldest: (a, b) => a.timestamp - b.timestamp,
    "most-liked": (a, b) => b.likes - a.likes || newest(a, b),
    "most-discussed": (a, b) => b.replies.length - a.replies.length || newest(a, b),
  };
  return [...list].sort(compare[order]);
}

// ---- Analytics ---------------------------------------------------------------------------

function countBy<K extends string>(keys: readonly K[], values: K[]): Record<K, number> {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const v of values) out[v]++;
  return out;
}

function themes(comments: Comment[]): CommunityAnalytics["commentThemes"] {
  const byTheme = new Map<string, Comment[]>();
  for (const c of comments) for (const t of c.themes) byTheme.set(t, [...(byTheme.get(t) ?? []), c]);
  return [...byTheme]
    .map(([theme, list]) => {
      const pos = list.filter((c) => c.sentiment === "positive").length;
      const neg = list.filter((c) => c.sentiment === "negative").length;
      const sentiment: Sentiment = pos > neg ? "positive" : neg > pos ? "negative" : "neutral";
      return { theme, count: list.length, sentiment };
    })
    .sort((a, b) => b.count - a.count || a.theme.localeCompare(b.theme));
}

/**
 * Recomputes the analytics from the local state. `initial` gives the demo's first figures
 * (agreement 85 / 72); after any local action the agreement is 95 / 65.
 */
export function computeAnalytics(
  state: CommunityState,
  aiSentiment: Sentiment,
  { initial = false } = {},
): CommunityAnalytics {
  const breakdown = countBy(
    REACTION_TYPES,
    state.reactions.map((r) => r.type),
  );
  const cred = countBy(
    CREDIBILITY_VALUES,
    state.credibility.map((r) => r.rating),
  );
  const human = dominantSentiment(state.reactions);
  const commentSentiments = countBy(
    ["positive", "negative", "neutral"] as const,
    state.comments.map((c) => c.sentiment),
  );
  const positive = POSITIVE_REACTIONS.reduce((n, t) => n + breakdown[t], 0);
  const negative = NEGATIVE_REACTIONS.reduce((n, t) => n + breakdown[t], 0);
  const score = credibilityScore(state.credibility) ?? 0;
  const average = informativenessAverage(state.informativeness);
  const commentThemes = themes(state.comments);
  const engagement = state.reactions.length + state.comments.reduce((n, c) => n + 1 + c.replies.length, 0);
  return {
    totalReactions: state.reactions.length,
    reactionBreakdown: breakdown,
    credibilityConsensus: {
      accurate: cred.accurate,
      needsFactCheck: cred["needs-fact-check"],
      misleading: cred.misleading,
      unverified: cred.unverified,
      averageScore: score,
    },
    informativenessScore: {
      average,
      breakdown: countBy(
        INFORMATIVENESS_VALUES,
        state.informativeness.map((r) => r.rating),
      ),
    },
    sentimentAnalysis: {
      positive: positive + commentSentiments.positive,
      negative: negative + commentSentiments.negative,
      neutral: commentSentiments.neutral,
      dominantSentiment: human,
    },
    commentThemes,
    publicOpinionTrends: [
      { timeframe: "Now", sentiment: positive - negative, credibility: score, engagement },
    ],
    mostDiscussedAspects: commentThemes.slice(0, 3).map((t) => t.theme),
    aiVsHumanComparison: {
      aiSentiment,
      humanSentiment: human,
      agreement: initial ? initialAgreement(aiSentiment, human) : agreement(aiSentiment, human),
      divergencePoints:
        aiSentiment === human ? [] : [`The AI reads the coverage as ${aiSentiment}; readers react ${human}.`],
    },
  };
}
