/**
 * The preview's local demo data: a few example readers' reactions, ratings and a short discussion,
 * worded as examples so that nothing in it reads as being about the story beside it (decision 142).
 * Times are minutes before `now`, so the preview always reads as recent.
 */

import type { Comment, CommunityState, Reply } from "./community";

const MIN = 60_000;

/** The example readers. */
const READERS = { u1: "Maria K.", u2: "James P.", u3: "Aiko T.", u4: "Omar S." } as const;
type ReaderId = keyof typeof READERS;

/** Who left a reaction or a rating. */
const by = (id: ReaderId) => ({ userId: id, userName: READERS[id] });

/** A reply as a reader left it: not liked by this reader, unflagged. */
function reply(
  id: string,
  parentId: string,
  author: string,
  content: string,
  timestamp: number,
  likes: number,
): Reply {
  return { id, parentId, author, content, timestamp, likes, isLiked: false, flags: 0 };
}

/** The example discussion: a comment with two replies, a question, and a comment readers' flags hid. */
function demoComments(now: number): Comment[] {
  return [
    {
      id: "m1",
      author: READERS.u1,
      content: "Example comment: what a reader thinks of the coverage.",
      timestamp: now - 45 * MIN,
      likes: 12,
      isLiked: false,
      flags: 0,
      isModerated: false,
      sentiment: "positive",
      themes: ["coverage", "timeline"],
      replies: [
        reply("m1r1", "m1", READERS.u2, "Example reply: another reader answers.", now - 38 * MIN, 3),
        reply("m1r2", "m1", READERS.u3, "Example reply: a third reader adds a point.", now - 25 * MIN, 1),
      ],
    },
    {
      id: "m2",
      author: READERS.u4,
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
  ];
}

/** The demo community as of `now`: reactions, credibility and informativeness ratings, and the discussion. */
export function demoCommunity(now: number = Date.now()): CommunityState {
  return {
    reactions: [
      { id: "r1", ...by("u1"), type: "thoughtful", timestamp: now - 50 * MIN },
      { id: "r2", ...by("u2"), type: "like", timestamp: now - 42 * MIN },
      { id: "r3", ...by("u3"), type: "surprised", timestamp: now - 30 * MIN },
      { id: "r4", ...by("u4"), type: "dislike", timestamp: now - 20 * MIN },
    ],
    credibility: [
      { id: "c1", ...by("u1"), rating: "accurate", timestamp: now - 48 * MIN },
      { id: "c2", ...by("u2"), rating: "accurate", timestamp: now - 40 * MIN },
      {
        id: "c3",
        ...by("u4"),
        rating: "needs-fact-check",
        comment: "Example explanation of a credibility concern.",
        timestamp: now - 19 * MIN,
      },
    ],
    informativeness: [
      { id: "i1", ...by("u1"), rating: "very-informative", timestamp: now - 47 * MIN },
      { id: "i2", ...by("u3"), rating: "informative", timestamp: now - 29 * MIN },
    ],
    comments: demoComments(now),
  };
}
