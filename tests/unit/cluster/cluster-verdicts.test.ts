import { describe, expect, it } from "vitest";
import { clusterWithEvidence } from "@/lib/cluster/assembly/cluster-articles";
import type { ClusterArticle } from "@/lib/cluster/types";

const T0 = Date.UTC(2026, 2, 10, 12);
let serial = 0;

function article(sourceId: string, title: string, summary: string): ClusterArticle {
  serial += 1;
  return {
    id: `v${String(serial).padStart(3, "0")}`,
    title,
    summary,
    sourceId,
    publishedAt: new Date(T0 + serial * 60_000),
  };
}

// A day's other news, so that what the reports share is weighed among unrelated reports.
const DAY = [
  ["Storm closes schools across the north", "Heavy snow shut hundreds of schools on Monday as roads froze."],
  [
    "Central bank holds interest rates",
    "Policymakers kept borrowing costs unchanged, citing slowing inflation.",
  ],
  ["Museum returns looted bronzes", "The collection will travel back next spring after a long campaign."],
  ["Star striker signs new contract", "The forward agreed a four-year deal after weeks of talks."],
  ["Wildfire forces evacuations in the hills", "Crews fought the blaze through the night as winds rose."],
  ["Parliament debates new housing law", "Members argued over rent controls and building targets."],
].map(([title, summary], k) => article(`outlet-${k}`, title, summary));

// One happening told in two wordings: words alone leave the pair unsure.
const crewA = article(
  "wire",
  "Television crew arrested live on air in Minneapolis",
  "Police detained a reporter and his crew while they covered the protests.",
);
const crewB = article(
  "daily",
  "Reporter handcuffed during broadcast from protest",
  "Officers led the journalist away as cameras rolled in Minneapolis.",
);
// Two reports that words alone join.
const bankA = article(
  "wire",
  "Central bank raises rates to fight inflation in Chile",
  "Chile's central bank raised its benchmark rate by half a point.",
);
const bankB = article(
  "daily",
  "Chile's central bank raises interest rates by half a point",
  "The central bank of Chile lifted its key rate to fight inflation.",
);
const ARTICLES = [...DAY, crewA, crewB, bankA, bankB];
const BAND = { low: 0.001, high: 0.95, limit: 50, perArticle: 6 };

const together = (clusters: { articleIds: string[] }[], a: ClusterArticle, b: ClusterArticle) =>
  clusters.some((c) => c.articleIds.includes(a.id) && c.articleIds.includes(b.id));

describe("clusterWithEvidence", () => {
  it("hands back the cross-outlet pairs in the band without a verdict, best first", () => {
    const { greyZone, clusters } = clusterWithEvidence(ARTICLES, {}, { greyZone: BAND });
    expect(together(clusters, crewA, crewB)).toBe(false);
    const outlet = new Map(ARTICLES.map((a) => [a.id, a.sourceId]));
    expect(greyZone.some((p) => [p.a, p.b].sort().join() === [crewA.id, crewB.id].sort().join())).toBe(true);
    for (const p of greyZone) {
      expect(outlet.get(p.a)).not.toBe(outlet.get(p.b));
      expect(p.probability).toBeGreaterThanOrEqual(BAND.low);
      expect(p.probability).toBeLessThan(BAND.high);
    }
    const probabilities = greyZone.map((p) => p.probability);
    expect(probabilities).toEqual([...probabilities].sort((x, y) => y - x));
    const asked = clusterWithEvidence(
      ARTICLES,
      {},
      {
        greyZone: BAND,
        verdicts: [{ a: crewB.id, b: crewA.id, verdict: "unclear" }],
      },
    );
    expect(asked.greyZone.some((p) => [p.a, p.b].includes(crewA.id) && [p.a, p.b].includes(crewB.id))).toBe(
      false,
    );
  });

  it("joins two reports a reader judged the same and keeps apart two it judged different", () => {
    expect(together(clusterWithEvidence(ARTICLES).clusters, bankA, bankB)).toBe(true);
    const { clusters } = clusterWithEvidence(
      ARTICLES,
      {},
      {
        verdicts: [
          { a: crewA.id, b: crewB.id, verdict: "same" },
          { a: bankB.id, b: bankA.id, verdict: "different" },
          { a: "unknown", b: crewA.id, verdict: "same" },
        ],
      },
    );
    expect(together(clusters, crewA, crewB)).toBe(true);
    expect(together(clusters, bankA, bankB)).toBe(false);
  });

  // Decision 162: the answers naming one lone report are all readings of that report.
  it("keeps a lone report out of a card that only answers naming it tie it to, and asks no more about it", () => {
    const bankC = article(
      "third",
      "Chile lifts benchmark interest rate half a point to fight inflation",
      "Chile's central bank raised its key interest rate by half a point on Tuesday.",
    );
    const comment = article(
      "fourth",
      "Why Santiago's policymakers chose to act now",
      "A look at the pressures behind the decision, and what households will feel first.",
    );
    const articles = [...ARTICLES, bankC, comment];
    const verdicts = [
      { a: comment.id, b: bankA.id, verdict: "same" as const },
      { a: comment.id, b: bankB.id, verdict: "same" as const },
    ];
    const followUp = { ...BAND, duplicateSimilarity: 0.1, duplicatesPerCard: 2, maxCards: 300, reports: 2 };
    const { clusters, greyZone } = clusterWithEvidence(articles, {}, { verdicts, followUp });
    expect(together(clusters, bankA, bankB) && together(clusters, bankA, bankC)).toBe(true);
    expect(together(clusters, comment, bankA)).toBe(false);
    // The next round's questions are chosen on the groups the answers propose, which hold it.
    const bank = [bankA.id, bankB.id, bankC.id];
    expect(
      greyZone.some((p) => [p.a, p.b].includes(comment.id) && bank.some((id) => [p.a, p.b].includes(id))),
    ).toBe(false);
  });

  it("changes nothing on an unclear verdict", () => {
    const plain = clusterWithEvidence(ARTICLES).clusters;
    const unclear = clusterWithEvidence(
      ARTICLES,
      {},
      {
        verdicts: [{ a: crewA.id, b: crewB.id, verdict: "unclear" }],
      },
    ).clusters;
    expect(unclear).toEqual(plain);
  });

  // Decision 174: the candidates index a report under its heaviest features only; a report that
  // names many things others name too may share none of them with another outlet's report of it.
  it("asks, once the follow-ups are done, about a lone report's best partner outside the candidates", () => {
    const towns = ["Ostrava", "Lugano", "Tromso", "Bergen", "Porto", "Gdansk", "Varna", "Split", "Bari"];
    const happenings = [
      ["opens a new library", "Readers queued for the doors at dawn."],
      ["mayor resigns", "She cited health reasons in a short letter."],
      ["hosts chess olympiad", "Grandmasters from forty nations arrived."],
      ["tram strike ends", "Drivers accepted a pay offer after a week."],
      ["wins football cup", "Fans poured into the square after extra time."],
      ["shipyard lays off workers", "Orders dried up over the winter months."],
      ["festival sells out", "Tickets went within an hour of release."],
      ["bridge closed for repairs", "Engineers found cracks in two supports."],
      ["airport adds routes", "Budget carriers will fly three new lines."],
    ];
    const locals = towns.map((town, k) =>
      article(
        `town-${k}`,
        `${town} ${happenings[k][0]}`,
        `${happenings[k][1]} ${town} officials welcomed it.`,
      ),
    );
    const ferryA = article(
      "wire",
      `Ferry sinks off Crete: ${towns.join(", ")} passengers rescued`,
      "Coastguard divers searched the wreck overnight; survivors described water flooding the cabins.",
    );
    const ferryB = article(
      "daily",
      "Divers search wreck of sunken vessel",
      "Survivors said water flooded cabins.",
    );
    const articles = [...DAY, ...locals, ferryA, ferryB];
    const followUp = {
      ...BAND,
      low: 0.05,
      duplicateSimilarity: 0.1,
      duplicatesPerCard: 2,
      maxCards: 300,
      reports: 2,
    };
    const wider = { keyFeatures: 16, low: 0.05, high: 0.95, perReport: 1, limit: 40, always: false };
    const ferry = (p: { a: string; b: string }) =>
      [p.a, p.b].sort().join() === [ferryA.id, ferryB.id].sort().join();
    const plain = clusterWithEvidence(articles, {}, { followUp, wider });
    expect(together(plain.clusters, ferryA, ferryB)).toBe(false);
    expect(plain.greyZone.some(ferry)).toBe(false);
    expect(plain.wider.filter(ferry)).toHaveLength(1);
    // Answered, it is asked no more, and a "same" puts the two on one card.
    const answered = clusterWithEvidence(
      articles,
      {},
      { followUp, wider, verdicts: [{ a: ferryB.id, b: ferryA.id, verdict: "same" }] },
    );
    expect(answered.wider.some(ferry)).toBe(false);
    expect(together(answered.clusters, ferryA, ferryB)).toBe(true);
    // Without a wider search the follow-up leaves the pair unasked, as the rounds before it did.
    expect(clusterWithEvidence(articles, {}, { followUp }).wider).toEqual([]);
  });
});
