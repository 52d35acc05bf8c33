import { describe, expect, it } from "vitest";
import {
  addComment,
  addReply,
  agreement,
  canSubmitCredibility,
  canSubmitText,
  computeAnalytics,
  credibilityScore,
  CURRENT_USER,
  DEMO_SHARE_COUNT,
  dominantSentiment,
  EXPLANATION_PLACEHOLDER,
  flagComment,
  formatStars,
  informativenessAverage,
  initialAgreement,
  rateCredibility,
  rateInformativeness,
  requiresExplanation,
  scoreTone,
  sortComments,
  toggleCommentLike,
  toggleReaction,
  type Comment,
  type CredibilityRating,
  type CredibilityValue,
  type InformativenessRating,
  type InformativenessValue,
  type Reaction,
  type ReactionType,
} from "@/lib/client/community";
import { demoCommunity } from "@/lib/client/community-demo";

const T = 1_700_000_000_000;
const other = { id: "u9", name: "Sam" };
const reaction = (userId: string, type: ReactionType): Reaction => ({
  id: `${userId}-${type}`,
  userId,
  userName: userId,
  type,
  timestamp: T,
});
const cred = (userId: string, rating: CredibilityValue): CredibilityRating => ({
  id: userId,
  userId,
  userName: userId,
  rating,
  timestamp: T,
});
const info = (userId: string, rating: InformativenessValue): InformativenessRating => ({
  id: userId,
  userId,
  userName: userId,
  rating,
  timestamp: T,
});

describe("reactions: one per user", () => {
  it("adds, replaces with another type, and removes when the same type is chosen again", () => {
    let list = toggleReaction([reaction("u9", "sad")], CURRENT_USER, "like", T, "r1");
    expect(list.map((r) => [r.userId, r.type])).toEqual([
      ["u9", "sad"],
      ["current-user", "like"],
    ]);
    expect(list[1]).toEqual({
      id: "r1",
      userId: "current-user",
      userName: "You",
      type: "like",
      timestamp: T,
    });
    list = toggleReaction(list, CURRENT_USER, "angry", T + 1, "r2");
    expect(list.map((r) => r.type)).toEqual(["sad", "angry"]);
    list = toggleReaction(list, CURRENT_USER, "angry", T + 2, "r3");
    expect(list.map((r) => r.type)).toEqual(["sad"]);
  });
});

describe("credibility ratings", () => {
  it("require an explanation for needs-fact-check and misleading only", () => {
    expect(requiresExplanation("needs-fact-check")).toBe(true);
    expect(requiresExplanation("misleading")).toBe(true);
    expect(requiresExplanation("accurate")).toBe(false);
    expect(requiresExplanation("unverified")).toBe(false);
    expect(EXPLANATION_PLACEHOLDER).toBe("Please explain your concerns about this article's credibility...");
  });

  it("disable submit while the explanation is empty (after trimming)", () => {
    expect(canSubmitCredibility("misleading", "   ")).toBe(false);
    expect(canSubmitCredibility("misleading", " why ")).toBe(true);
    expect(canSubmitCredibility("accurate", "")).toBe(true);
  });

  it("submit accurate at once, refuse an unexplained misleading, and keep one rating per user", () => {
    let list = rateCredibility([], CURRENT_USER, "accurate", "", T, "c1");
    expect(list).toEqual([
      { id: "c1", userId: "current-user", userName: "You", rating: "accurate", timestamp: T },
    ]);
    expect(rateCredibility(list, CURRENT_USER, "misleading", "  ", T, "c2")).toBe(list);
    list = rateCredibility(list, CURRENT_USER, "misleading", "  Numbers are wrong.  ", T, "c3");
    expect(list).toEqual([
      {
        id: "c3",
        userId: "current-user",
        userName: "You",
        rating: "misleading",
        comment: "Numbers are wrong.",
        timestamp: T,
      },
    ]);
  });

  it.each([
    [[], null],
    [["accurate"], 100],
    [["accurate", "needs-fact-check"], 80],
    [["accurate", "unverified", "misleading"], 47],
    [["needs-fact-check", "unverified"], 50],
    [["misleading"], 0],
  ] as [CredibilityValue[], number | null][])(
    "score of %j is %s (rounded average of 100/60/40/0)",
    (ratings, score) => {
      expect(credibilityScore(ratings.map((r, i) => cred(`u${i}`, r)))).toBe(score);
    },
  );

  it.each([
    [100, "green"],
    [80, "green"],
    [79, "amber"],
    [60, "amber"],
    [59, "red"],
    [0, "red"],
  ] as const)("score %i is %s", (score, tone) => {
    expect(scoreTone(score)).toBe(tone);
  });
});

describe("informativeness", () => {
  it("keeps one rating per user and averages 4/3/2/1 stars, shown to one decimal over 4", () => {
    let list = rateInformativeness(
      [info("u1", "very-informative")],
      CURRENT_USER,
      "not-informative",
      T,
      "i1",
    );
    list = rateInformativeness(list, CURRENT_USER, "somewhat-informative", T, "i2");
    expect(list).toHaveLength(2);
    expect(informativenessAverage(list)).toBe(3);
    expect(formatStars(informativenessAverage(list))).toBe("3.0/4");
    expect(
      formatStars(
        informativenessAverage([
          info("a", "informative"),
          info("b", "informative"),
          info("c", "very-informative"),
        ]),
      ),
    ).toBe("3.3/4");
    expect(informativenessAverage([])).toBe(0);
  });
});

describe("sentiment and agreement", () => {
  it.each([
    [["like", "thoughtful", "surprised"], "positive"],
    [["dislike", "angry", "sad", "like"], "negative"],
    [["like", "sad"], "neutral"],
    [[], "neutral"],
  ] as [ReactionType[], string][])("reactions %j are %s", (types, sentiment) => {
    expect(dominantSentiment(types.map((t, i) => reaction(`u${i}`, t)))).toBe(sentiment);
  });

  it("agreement is 95 / 65 once recomputed, 85 / 72 in the demo's first figures", () => {
    expect(agreement("positive", "positive")).toBe(95);
    expect(agreement("positive", "negative")).toBe(65);
    expect(initialAgreement("neutral", "neutral")).toBe(85);
    expect(initialAgreement("neutral", "positive")).toBe(72);
  });
});

describe("discussion", () => {
  const base: Comment[] = demoCommunity(T).comments;

  it("trims comments and replies and refuses empty ones", () => {
    expect(canSubmitText("   ")).toBe(false);
    expect(canSubmitText(" x ")).toBe(true);
    expect(addComment(base, "You", "  \n ", T, "n1")).toBe(base);
    const added = addComment(base, "You", "  Hello there  ", T, "n1").at(-1);
    expect(added).toEqual({
      id: "n1",
      author: "You",
      content: "Hello there",
      timestamp: T,
      likes: 0,
      isLiked: false,
      replies: [],
      flags: 0,
      isModerated: false,
      sentiment: "neutral",
      themes: [],
    });
    expect(addReply(base, "m2", "You", "   ", T, "p1")).toBe(base);
    const replied = addReply(base, "m2", "You", " Agreed ", T, "p1").find((c) => c.id === "m2");
    expect(replied?.replies).toEqual([
      {
        id: "p1",
        parentId: "m2",
        author: "You",
        content: "Agreed",
        timestamp: T,
        likes: 0,
        isLiked: false,
        flags: 0,
      },
    ]);
  });

  it("toggles likes on comments and replies", () => {
    const once = toggleCommentLike(base, "m1");
    expect(once[0]).toMatchObject({ likes: 13, isLiked: true });
    expect(toggleCommentLike(once, "m1")[0]).toMatchObject({ likes: 12, isLiked: false });
    expect(toggleCommentLike(base, "m1r1")[0].replies[0]).toMatchObject({ likes: 4, isLiked: true });
  });

  it("moderates a comment at three flags", () => {
    let list = flagComment(base, "m2");
    list = flagComment(list, "m2");
    expect(list[1]).toMatchObject({ flags: 2, isModerated: false });
    expect(flagComment(list, "m2")[1]).toMatchObject({ flags: 3, isModerated: true });
  });

  it.each([
    ["newest", ["m1", "m2", "m3"]],
    ["oldest", ["m3", "m2", "m1"]],
    ["most-liked", ["m1", "m2", "m3"]],
    ["most-discussed", ["m1", "m2", "m3"]],
  ] as const)("sorts %s", (order, ids) => {
    expect(sortComments(base, order).map((c) => c.id)).toEqual(ids);
  });

  it("sorts most-liked and most-discussed by their counts", () => {
    const list = addReply(
      addReply(toggleCommentLike(base, "m3"), "m3", "You", "a", T, "x"),
      "m3",
      "You",
      "b",
      T,
      "y",
    );
    const liked = list.map((c) => (c.id === "m2" ? { ...c, likes: 50 } : c));
    expect(sortComments(liked, "most-liked").map((c) => c.id)).toEqual(["m2", "m1", "m3"]);
    const discussed = addReply(list, "m3", "You", "c", T, "z");
    expect(sortComments(discussed, "most-discussed").map((c) => c.id)).toEqual(["m3", "m1", "m2"]);
  });
});

describe("analytics", () => {
  it("summarises the demo state, with the demo's first agreement", () => {
    const state = demoCommunity(T);
    const a = computeAnalytics(state, "positive", { initial: true });
    expect(a.totalReactions).toBe(4);
    expect(a.reactionBreakdown).toEqual({
      like: 1,
      dislike: 1,
      surprised: 1,
      angry: 0,
      sad: 0,
      thoughtful: 1,
    });
    expect(a.credibilityConsensus).toEqual({
      accurate: 2,
      needsFactCheck: 1,
      misleading: 0,
      unverified: 0,
      averageScore: 87,
    });
    expect(a.informativenessScore).toEqual({
      average: 3.5,
      breakdown: { "very-informative": 1, informative: 1, "somewhat-informative": 0, "not-informative": 0 },
    });
    expect(a.sentimentAnalysis).toEqual({
      positive: 4,
      negative: 3,
      neutral: 0,
      dominantSentiment: "positive",
    });
    expect(a.commentThemes).toEqual([
      { theme: "coverage", count: 1, sentiment: "positive" },
      { theme: "funding", count: 1, sentiment: "negative" },
      { theme: "timeline", count: 1, sentiment: "positive" },
    ]);
    expect(a.mostDiscussedAspects).toEqual(["coverage", "funding", "timeline"]);
    expect(a.aiVsHumanComparison).toEqual({
      aiSentiment: "positive",
      humanSentiment: "positive",
      agreement: 85,
      divergencePoints: [],
    });
    expect(computeAnalytics(state, "negative", { initial: true }).aiVsHumanComparison.agreement).toBe(72);
  });

  it("recomputes the agreement as 95 / 65 after a local action", () => {
    const state = demoCommunity(T);
    const reactions = toggleReaction(state.reactions, CURRENT_USER, "angry", T, "r9");
    const again = toggleReaction(reactions, other, "sad", T, "r10");
    const a = computeAnalytics({ ...state, reactions: again }, "negative");
    expect(a.aiVsHumanComparison).toMatchObject({ humanSentiment: "neutral", agreement: 65 });
    expect(computeAnalytics({ ...state, reactions }, "positive").aiVsHumanComparison.agreement).toBe(95);
  });

  it("shares the demo count 47", () => {
    expect(DEMO_SHARE_COUNT).toBe(47);
  });
});
