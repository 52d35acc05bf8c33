import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { assignCardIds, newCardId, type PreviousCard } from "@/lib/cluster/cards/assign-card-ids";
import type { CardDraft } from "@/lib/cluster/cards/build-card";

function draft(...articleIds: string[]): CardDraft {
  return {
    articleIds,
    mainArticleId: articleIds[0],
    topic: `Story of ${articleIds[0]}`,
    category: "general",
    countries: [],
    country: "",
    sourceCount: 2,
    confidence: 0.9,
    latestPublishedAt: new Date(0),
  };
}

function card(id: string, articleIds: string[], day = 1): PreviousCard {
  return { id, articleIds, createdAt: new Date(Date.UTC(2026, 0, day)) };
}

const summary = (result: ReturnType<typeof assignCardIds>) => ({
  assignments: result.assignments.map((a) => ({
    ids: a.draft.articleIds.join(","),
    cardId: a.cardId,
    isNew: a.isNew,
    predecessorIds: a.predecessorIds,
  })),
  retired: result.retired,
});

describe("newCardId", () => {
  it("is c_ plus 16 hex of sha256 of the smallest article id, whatever the order", () => {
    const expected = "c_" + createHash("sha256").update("a1").digest("hex").slice(0, 16);
    expect(newCardId(draft("a3", "a1", "a2"))).toBe(expected);
    expect(newCardId(draft("a2", "a1"))).toBe(expected);
    expect(newCardId(draft("a3", "a1", "a2"))).toMatch(/^c_[0-9a-f]{16}$/);
  });
});

describe("assignCardIds", () => {
  it("gives new stories new ids and keeps nothing to retire", () => {
    const result = assignCardIds([], [draft("a1", "a2")]);
    expect(summary(result)).toEqual({
      assignments: [{ ids: "a1,a2", cardId: newCardId(draft("a1")), isNew: true, predecessorIds: [] }],
      retired: [],
    });
  });

  it("keeps the id when a story gains or loses articles", () => {
    const result = assignCardIds([card("c_old", ["a1", "a2", "a3"])], [draft("a2", "a3", "a4", "a5")]);
    expect(summary(result).assignments).toEqual([
      { ids: "a2,a3,a4,a5", cardId: "c_old", isNew: false, predecessorIds: [] },
    ]);
    expect(result.retired).toEqual([]);
  });

  it("on a merge keeps the id of the card it shares most with and retires the others into it", () => {
    const previous = [card("c_small", ["a1"]), card("c_big", ["a2", "a3", "a4"]), card("c_other", ["a9"])];
    const result = assignCardIds(previous, [draft("a1", "a2", "a3", "a4", "a5")]);
    expect(summary(result)).toEqual({
      assignments: [{ ids: "a1,a2,a3,a4,a5", cardId: "c_big", isNew: false, predecessorIds: ["c_small"] }],
      retired: [
        { id: "c_other", successorId: null },
        { id: "c_small", successorId: "c_big" },
      ],
    });
  });

  it("breaks a merge tie in favour of the oldest card", () => {
    const previous = [card("c_new", ["a1", "a2"], 5), card("c_old", ["a3", "a4"], 2)];
    const result = assignCardIds(previous, [draft("a1", "a2", "a3", "a4")]);
    expect(result.assignments[0].cardId).toBe("c_old");
    expect(result.retired).toEqual([{ id: "c_new", successorId: "c_old" }]);
  });

  it("on a split gives the id to the larger part and names it as predecessor of the others", () => {
    const previous = [card("c_story", ["a1", "a2", "a3", "a4", "a5"])];
    const result = assignCardIds(previous, [draft("a1", "a2"), draft("a3", "a4", "a5")]);
    expect(summary(result).assignments).toEqual([
      { ids: "a1,a2", cardId: newCardId(draft("a1")), isNew: true, predecessorIds: ["c_story"] },
      { ids: "a3,a4,a5", cardId: "c_story", isNew: false, predecessorIds: [] },
    ]);
    expect(result.retired).toEqual([]);
  });

  it("never hands out a previous id as a new one, even when the founder's hash is taken", () => {
    const founderId = newCardId(draft("a1"));
    const previous = [card(founderId, ["a1", "a2", "a3", "a4", "a5"])];
    const result = assignCardIds(previous, [draft("a1", "a2"), draft("a3", "a4", "a5")]);
    const [first, second] = result.assignments;
    expect(second.cardId).toBe(founderId);
    expect(first.isNew).toBe(true);
    expect(first.cardId).not.toBe(founderId);
    expect(first.cardId).toMatch(/^c_[0-9a-f]{16}$/);
  });

  it("uses each previous id at most once and retires cards no draft continues", () => {
    const previous = [card("c_1", ["a1", "a2"]), card("c_2", ["a3"]), card("c_3", ["a7"])];
    const result = assignCardIds(previous, [draft("a1", "a3"), draft("a2", "a4"), draft("a5", "a6")]);
    const ids = result.assignments.map((a) => a.cardId);
    expect(new Set(ids).size).toBe(3);
    expect(result.retired).toContainEqual({ id: "c_3", successorId: null });
  });

  it("is deterministic: the order of drafts and previous cards does not matter", () => {
    const previous = [card("c_1", ["a1", "a2"], 3), card("c_2", ["a3", "a4"], 3), card("c_3", ["a5"], 1)];
    const drafts = [draft("a1", "a3"), draft("a2", "a4", "a5"), draft("a6", "a7")];
    const forward = assignCardIds(previous, drafts);
    const backward = assignCardIds([...previous].reverse(), [...drafts].reverse());
    const byDraft = (r: typeof forward) =>
      new Map(
        r.assignments.map((a) => [a.draft.articleIds.join(","), [a.cardId, a.isNew, a.predecessorIds]]),
      );
    expect(byDraft(backward)).toEqual(byDraft(forward));
    expect(backward.retired).toEqual(forward.retired);
  });
});
