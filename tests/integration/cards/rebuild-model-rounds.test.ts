import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startOpenAIStub, type StubReply } from "@/tests/helpers/openai-stub";

/**
 * A rebuild's later rounds (docs/decisions/027, 028) through the real OpenAI-compatible path on a
 * loopback server: two groups of one story that a single "same" ties are not joined on it alone;
 * the rebuild asks a corroborating pair, and joins them when the second reading agrees. A model
 * that fails on that question leaves the cards as the stored verdicts made them.
 */
const stub = await startOpenAIStub();
afterAll(() => stub.close());

Object.assign(process.env, {
  OPENAI_API_KEY: "",
  OPENAI_BASE_URL: stub.url,
  OPENAI_MODEL: "pair-judge",
  OPENAI_MAX_RETRIES: "0",
  CLUSTER_MODEL_BUDGET_MS: "1500",
  CLUSTER_MODEL_CONCURRENCY: "1",
  CLUSTER_MODEL_MAX_CALLS: "4",
});

const { getPrisma } = await import("@/lib/db");
const { rebuildCards } = await import("@/lib/services/rebuild-cards");
const { resetSameEventModel } = await import("@/lib/services/same-event-model");
const { loadWindowArticles } = await import("@/lib/storage/articles");
const { loadPairVerdicts, savePairVerdicts } = await import("@/lib/storage/pair-verdicts");
const { clusterWithEvidence } = await import("@/lib/cluster/assembly/cluster-articles");
const { roundQuestions } = await import("@/lib/cluster/verdicts/model-rounds");
const { batchPairs } = await import("@/lib/cluster/verdicts/same-event-prompt");
const { insertArticles } = await import("@/tests/helpers/cards");

const DAY = [
  ["bbc-news", "Storm closes schools across the north", "Heavy snow shut hundreds of schools on Monday."],
  ["npr", "Central bank holds interest rates", "Policymakers kept borrowing costs unchanged."],
  ["cbc-news", "Museum returns looted bronzes", "The collection will travel back next spring."],
  ["the-guardian", "Star striker signs new contract", "The forward agreed a four-year deal."],
];
// One happening in four wordings that share almost no words.
const FLOOD = [
  ["cnn", "Dam bursts above mountain village", "Water tore through the valley before dawn."],
  ["npr", "Torrent sweeps homes away after reservoir wall fails", "Residents fled uphill in darkness."],
  ["fox-news", "Rescuers search mud for survivors", "Helicopters lifted families from rooftops."],
  ["abc-news", "Hundreds missing as valley lies under sludge", "Soldiers dug through debris all day."],
];
let flood: string[] = [];

const storyCards = async () => {
  const cards = await getPrisma().comparisonCard.findMany({
    where: { retiredAt: null },
    include: { articles: true },
  });
  return cards
    .map((c) => c.articles.map((a) => a.articleId).filter((id) => flood.includes(id)))
    .filter((ids) => ids.length > 0)
    .map((ids) => ids.length)
    .sort();
};

/** The reply to each batch of the next round: "same" within the flood story, "different" otherwise. */
async function nextRoundReplies(): Promise<StubReply[]> {
  const articles = await loadWindowArticles(getPrisma(), new Date());
  const verdicts = await loadPairVerdicts(getPrisma(), "pair-judge");
  const { followUp } = roundQuestions(true, 0, 600);
  const { greyZone } = clusterWithEvidence(articles, {}, { verdicts, followUp });
  const inStory = (p: { a: string; b: string }) => flood.includes(p.a) && flood.includes(p.b);
  return batchPairs(greyZone, 40).map((batch) => ({
    json: {
      verdicts: batch.map((p, k) => ({ pair: k + 1, verdict: inStory(p) ? "same" : "different" })),
    },
  }));
}

describe("a rebuild's later rounds", () => {
  beforeAll(async () => {
    await insertArticles(
      "day",
      DAY.map(([sourceId, title, summary]) => ({ sourceId, title, summary })),
    );
    flood = await insertArticles(
      "flood",
      FLOOD.map(([sourceId, title, summary]) => ({ sourceId, title, summary })),
    );
    // Earlier answers: each half of the story is one reading, and one "same" ties the halves.
    await savePairVerdicts(getPrisma(), "pair-judge", [
      { a: flood[0], b: flood[1], verdict: "same" },
      { a: flood[2], b: flood[3], verdict: "same" },
      { a: flood[0], b: flood[2], verdict: "same" },
    ]);
  });
  beforeEach(() => resetSameEventModel());

  it("does not join two groups on one 'same', and a model that fails on the follow-up leaves them so", async () => {
    stub.script([{ status: 500, message: "down" }]);
    const summary = await rebuildCards();
    expect(stub.requests).toHaveLength(1);
    expect(summary.model).toMatchObject({
      rounds: 1,
      stored: 0,
      failures: { error: 1 },
      stoppedBy: "failure",
    });
    // Each half is a card of its own (two outlets each); the single tie did not join them.
    expect(await storyCards()).toEqual([2, 2]);
  });

  it("asks a corroborating pair in the next round and joins the halves when the reader agrees", async () => {
    const replies = await nextRoundReplies();
    expect(replies.length).toBeGreaterThan(0);
    stub.script(replies);
    const summary = await rebuildCards();
    expect(stub.requests).toHaveLength(replies.length);
    // The corroboration comes first: a pair of flood reports the stored "same" does not name.
    const first = (stub.requests[0] as { messages: { content: string }[] }).messages[1].content;
    expect(first).toMatch(/Torrent sweeps homes|Hundreds missing/);
    expect(summary.model!.same).toBeGreaterThanOrEqual(1);
    expect(summary.model!.calls).toBeLessThanOrEqual(4);
    expect(await storyCards()).toEqual([4]);
  });

  it("asks nothing twice: the next rebuild with nothing new to ask keeps the card", async () => {
    await insertArticles("touch", [{ sourceId: "cbc-news", title: "Library extends opening hours" }]);
    stub.script([]);
    const summary = await rebuildCards();
    expect(stub.requests).toHaveLength(0);
    expect(summary.model).toBeUndefined();
    expect(await storyCards()).toEqual([4]);
  });
});
