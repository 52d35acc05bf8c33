import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startOpenAIStub, type StubReply } from "@/tests/helpers/openai-stub";

/**
 * A rebuild with a model configured (docs/decisions/025): the pairs words cannot settle go to a
 * real loopback OpenAI-compatible server, the verdicts are stored and used, each pair is asked
 * once, and a model that fails, stalls, refuses or answers out of format leaves the cards from
 * words alone, within the rebuild's time bound.
 */
const stub = await startOpenAIStub();
afterAll(() => stub.close());

// Settings are read at the first import of lib/env.
Object.assign(process.env, {
  OPENAI_API_KEY: "",
  OPENAI_BASE_URL: stub.url,
  OPENAI_MODEL: "pair-judge",
  OPENAI_MAX_RETRIES: "0",
  CLUSTER_MODEL_BUDGET_MS: "1500",
  CLUSTER_MODEL_CONCURRENCY: "1",
});

const { getPrisma } = await import("@/lib/db");
const { rebuildCards } = await import("@/lib/services/rebuild-cards");
const { resetSameEventModel } = await import("@/lib/services/same-event-model");
const { loadWindowArticles } = await import("@/lib/storage/articles");
const { clusterWithEvidence } = await import("@/lib/cluster/assembly/cluster-articles");
const { batchPairs } = await import("@/lib/cluster/verdicts/same-event-prompt");
const { GREY_ZONE } = await import("@/lib/cluster/tuning");
const { sameEventCounters } = await import("@/lib/cluster/verdicts/same-event-metrics");
const { insertArticles } = await import("@/tests/helpers/cards");

// A day's other news, and one happening in two wordings that words alone leave unsure.
const DAY = [
  [
    "bbc-news",
    "Storm closes schools across the north",
    "Heavy snow shut hundreds of schools on Monday as roads froze.",
  ],
  [
    "npr",
    "Central bank holds interest rates",
    "Policymakers kept borrowing costs unchanged, citing slowing inflation.",
  ],
  [
    "cbc-news",
    "Museum returns looted bronzes",
    "The collection will travel back next spring after a long campaign.",
  ],
  [
    "the-guardian",
    "Star striker signs new contract",
    "The forward agreed a four-year deal after weeks of talks.",
  ],
  [
    "abc-news",
    "Wildfire forces evacuations in the hills",
    "Crews fought the blaze through the night as winds rose.",
  ],
  [
    "fox-news",
    "Parliament debates new housing law",
    "Members argued over rent controls and building targets.",
  ],
];
const CREW = [
  [
    "cnn",
    "Television crew arrested live on air in Minneapolis",
    "Police detained a reporter and his crew while they covered the protests.",
  ],
  [
    "npr",
    "Reporter handcuffed during broadcast from protest",
    "Officers led the journalist away as cameras rolled in Minneapolis.",
  ],
];
let crewIds: string[] = [];

/** The reply a model that judges the crew pair "same" and every other pair "different" gives. */
async function judgingReply(): Promise<StubReply> {
  const articles = await loadWindowArticles(getPrisma(), new Date());
  const { greyZone } = clusterWithEvidence(articles, {}, { greyZone: { ...GREY_ZONE, limit: 300 } });
  const [batch] = batchPairs(greyZone, 40);
  const isCrew = (p: { a: string; b: string }) => crewIds.includes(p.a) && crewIds.includes(p.b);
  expect(batch.some(isCrew)).toBe(true);
  return {
    json: { verdicts: batch.map((p, k) => ({ pair: k + 1, verdict: isCrew(p) ? "same" : "different" })) },
  };
}

const crewCarded = async () => {
  const cards = await getPrisma().comparisonCard.findMany({
    where: { retiredAt: null },
    include: { articles: true },
  });
  return cards.some((c) => crewIds.every((id) => c.articles.some((a) => a.articleId === id)));
};

let fresh = 0;
/** A new unrelated article, so the window changes and the next rebuild runs. */
const touchWindow = () =>
  insertArticles(`touch-${++fresh}`, [
    { sourceId: "cbc-news", title: `Library extends hours, notice ${fresh}` },
  ]);

describe("a rebuild with a model configured", () => {
  beforeAll(async () => {
    await insertArticles(
      "day",
      DAY.map(([sourceId, title, summary]) => ({ sourceId, title, summary })),
    );
    crewIds = await insertArticles(
      "crew",
      CREW.map(([sourceId, title, summary]) => ({ sourceId, title, summary })),
    );
  });
  beforeEach(() => resetSameEventModel());

  const failures: [string, StubReply, string][] = [
    ["answers with an error", { status: 500, message: "upstream exploded" }, "error"],
    ["refuses", { refusal: "I can't help with that." }, "refused"],
    ["answers out of format", { content: "Sure! Pair 1 is the same story." }, "malformed"],
    ["answers a list that is not the format", { json: { verdicts: "same" } }, "malformed"],
  ];
  for (const [what, reply, kind] of failures) {
    it(`leaves the cards from words alone when the model ${what}`, async () => {
      await touchWindow();
      stub.script([reply]);
      const summary = await rebuildCards();
      expect(stub.requests).toHaveLength(1);
      expect(summary.model).toMatchObject({ asked: expect.any(Number), stored: 0, failures: { [kind]: 1 } });
      expect(await crewCarded()).toBe(false);
      expect(await getPrisma().pairVerdict.count()).toBe(0);
    });
  }

  it("gives up on a model past its time bound and leaves it alone for a while", async () => {
    await touchWindow();
    stub.script([{ delayMs: 10_000, then: { json: { verdicts: [] } } }]);
    const started = performance.now();
    const summary = await rebuildCards();
    expect(performance.now() - started).toBeLessThan(1_500 + 3_000);
    expect(summary.model).toMatchObject({ stored: 0, stoppedBy: "time" });
    expect(await crewCarded()).toBe(false);
    // Paused: the next rebuild does not wait on it again.
    await touchWindow();
    stub.script([]);
    const next = await rebuildCards();
    expect(stub.requests).toHaveLength(0);
    expect(next.model).toBeUndefined();
  });

  it("asks about the unsure pairs, stores the verdicts, and shows the story the model joined", async () => {
    await touchWindow();
    const before = sameEventCounters();
    stub.script([await judgingReply()]);
    const summary = await rebuildCards();
    expect(stub.requests).toHaveLength(1);
    const request = stub.requests[0] as { model: string; messages: { content: string }[] };
    expect(request.model).toBe("pair-judge");
    expect(request.messages[1].content).toContain(
      "Headline: Television crew arrested live on air in Minneapolis",
    );
    expect(summary.model).toMatchObject({ same: 1, failures: {}, stoppedBy: null });
    expect(summary.model!.stored).toBe(summary.model!.asked);
    expect(await crewCarded()).toBe(true);
    const stored = await getPrisma().pairVerdict.findMany({ where: { verdict: "same" } });
    expect(stored).toEqual([
      expect.objectContaining({
        articleAId: [...crewIds].sort()[0],
        articleBId: [...crewIds].sort()[1],
        model: "pair-judge",
      }),
    ]);
    const after = sameEventCounters();
    expect(after.verdicts.same - before.verdicts.same).toBe(1);
    expect(after.calls - before.calls).toBe(1);
  });

  it("asks about a pair once: the next rebuild keeps the card without asking again", async () => {
    await touchWindow();
    stub.script([]);
    const summary = await rebuildCards();
    expect(stub.requests).toHaveLength(0);
    expect(summary.model).toBeUndefined();
    expect(await crewCarded()).toBe(true);
  });

  it("skips a rebuild when neither the window nor the verdicts changed", async () => {
    expect(await rebuildCards()).toMatchObject({ skipped: true });
  });
});
