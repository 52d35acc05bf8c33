/**
 * The preview's local demo data: a few example readers' reactions, ratings and a short discussion,
 * worded as examples so that nothing in it reads as being about the story beside it (decision 142).
 */

import type { CommunityState } from "./community";

const MIN = 60_000;

export function demoCommunity(now: number = Date.now()): CommunityState {
  const u = (id: string, name: string) => ({ userId: id, userName: name });
  return {
    reactions: [
      { id: "r1", ...u("u1", "Maria K."), type: "thoughtful", timestamp: now - 50 * MIN },
      { id: "r2", ...u("u2", "James P."), type: "like", timestamp: now - 42 * MIN },
      { id: "r3", ...u("u3", "Aiko T."), type: "surprised", timestamp: now - 30 * MIN },
      { id: "r4", ...u("u4", "Omar S."), type: "dislike", timestamp: now - 20 * MIN },
    ],
    credibility: [
      { id: "c1", ...u("u1", "Maria K."), rating: "accurate", timestamp: now - 48 * MIN },
      { id: "c2", ...u("u2", "James P."), rating: "accurate", timestamp: now - 40 * MIN },
      {
        id: "c3",
        ...u("u4", "Omar S."),
        rating: "needs-fact-check",
        comment: "Example explanation of a credibility concern.",
        timestamp: now - 19 * MIN,
      },
    ],
    informativeness: [
      { id: "i1", ...u("u1", "Maria K."), rating: "very-informative", timestamp: now - 47 * MIN },
      { id: "i2", ...u("u3", "Aiko T."), rating: "informative", timestamp: now - 29 * MIN },
    ],
    comments: [
      {
        id: "m1",
        author: "Maria K.",
        content: "Example comment: what a reader thinks of the coverage.",
        timestamp: now - 45 * MIN,
        likes: 12,
        isLiked: false,
        flags: 0,
        isModerated: false,
        sentiment: "positive",
        themes: ["coverage", "timeline"],
        replies: [
          {
            id: "m1r1",
            parentId: "m1",
            author: "James P.",
            content: "Example reply: another reader answers.",
            timestamp: now - 38 * MIN,
            likes: 3,
            isLiked: false,
            flags: 0,
          },
          {
            id: "m1r2",
            parentId: "m1",
            author: "Aiko T.",
            content: "Example reply: a third reader adds a point.",
            timestamp: now - 25 * MIN,
            likes: 1,
            isLiked: false,
            flags: 0,
          },
        ],
      },
      {
        id: "m2",
        author: "Omar S.",
        content: "Example comment: a question a reader would ask.",
        timestamp: now - 3 * 60 * MIN,
        likes: 5,
        isLiked: false,
        flags: 0,
        isModerated: false,
        sentiment: "negative",
        themes: ["funding"],
        replies: [],
      },
      {
        id: "m3",
        author: "Anonymous User",
        content: "Example of a comment hidden after readers flagged it.",
        timestamp: now - 2 * 24 * 60 * MIN,
        likes: 0,
        isLiked: false,
        flags: 3,
        isModerated: true,
        sentiment: "negative",
        themes: [],
        replies: [],
      },
    ],
  };
}
