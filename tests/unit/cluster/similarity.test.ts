import { describe, expect, it } from "vitest";
import { DEFAULT_CLUSTER_OPTIONS } from "@/lib/cluster/cluster-articles";
import { vectorizeArticles } from "@/lib/cluster/features";
import { pairSimilarity, PairScorer } from "@/lib/cluster/similarity";
import type { ClusterArticle } from "@/lib/cluster/types";
import { generateSyntheticNews } from "@/scripts/bench/synthetic-news";

const opts = DEFAULT_CLUSTER_OPTIONS;
/** The defaults without the damping for reports that name different people or places. */
const NO_NAME_DAMPING = { ...opts, nameConflictFactor: 1, strangerNamesFactor: 1 };
const HOUR = 3_600_000;

/** A batch of articles (title, summary), all published at the same moment unless told. */
function batchOf(texts: [string, string][], hours: number[] = []) {
  const articles: ClusterArticle[] = texts.map(([title, summary], i) => ({
    id: String(i),
    title,
    summary,
    sourceId: `outlet-${i}`,
    publishedAt: new Date((hours[i] ?? 0) * HOUR),
  }));
  const batch = vectorizeArticles(articles, opts);
  const times = Float64Array.from(articles, (a) => a.publishedAt.getTime());
  return {
    batch,
    times,
    similarity: (i: number, j: number, o = opts) => pairSimilarity(batch, times, i, j, o),
  };
}

// Unrelated filler, so the batch's document frequencies look like a day of news.
const FILLER: [string, string][] = [
  ["Storm closes schools across the north", "Heavy snow shut hundreds of schools on Monday as roads froze."],
  [
    "Central bank holds interest rates",
    "Policymakers kept borrowing costs unchanged, citing slowing inflation.",
  ],
  ["Museum returns looted bronzes", "The collection will travel back next spring after a long campaign."],
  ["Star striker signs new contract", "The forward agreed a four-year deal after weeks of talks."],
];

describe("PairScorer", () => {
  it("gives exactly the reference pairSimilarity, in any call order", () => {
    const { articles } = generateSyntheticNews(200, 4);
    const batch = vectorizeArticles(articles, opts);
    const times = Float64Array.from(articles, (a) => a.publishedAt.getTime());
    const scorer = new PairScorer(batch, times, opts);
    for (const [i, j] of [
      [0, 1],
      [0, 7],
      [5, 3],
      [5, 199],
      [120, 4],
      [0, 2],
      [17, 18],
    ]) {
      expect(scorer.score(i, j)).toBeCloseTo(pairSimilarity(batch, times, i, j, opts), 12);
    }
  });
});

describe("pairSimilarity", () => {
  it("is 1 for the same report at the same time and halves per half-life beyond the grace period", () => {
    const same: [string, string] = [
      "Trump postpones G7 summit",
      "The president delays the meeting of leaders until September.",
    ];
    const { similarity } = batchOf(
      [same, same, same, ...FILLER],
      [0, opts.timeGraceHours, opts.timeGraceHours + opts.timeHalfLifeHours],
    );
    expect(similarity(0, 1)).toBeCloseTo(1, 12);
    expect(similarity(0, 2)).toBeCloseTo(0.5, 12);
  });

  it("damps headlines that state different numbers", () => {
    const { similarity } = batchOf([
      ["Magnitude 6.1 quake hits Japan coast", ""],
      ["Magnitude 7.3 quake hits Japan coast", ""],
      ...FILLER,
    ]);
    const undamped = similarity(0, 1, { ...opts, numberConflictFactor: 1 });
    expect(undamped).toBeGreaterThan(0.3);
    expect(similarity(0, 1)).toBeCloseTo(undamped * opts.numberConflictFactor, 12);
  });

  it("damps two reports that share one thing only (a name, its words and their phrase count as one)", () => {
    const { similarity } = batchOf([
      ["Peru doctors warn they cannot cope", "Hospitals in Lima are overwhelmed by infections, doctors say."],
      [
        "In pictures: Peru's worst natural disaster",
        "Fifty years ago an earthquake buried a whole town under mud.",
      ],
      ...FILLER,
    ]);
    const undamped = similarity(0, 1, { ...opts, singleConceptFactor: 1 });
    expect(undamped).toBeGreaterThan(0);
    expect(similarity(0, 1)).toBeCloseTo(undamped * opts.singleConceptFactor, 12);
  });

  it("damps reports with summaries that share who but not what happened", () => {
    const { similarity } = batchOf([
      [
        "Michael Cohen resigns from party committee",
        "Michael Cohen, the longtime lawyer, quit his fundraising post on Wednesday.",
      ],
      [
        "Judge finds few client files in Michael Cohen papers",
        "A court review of documents seized from Michael Cohen found little privileged material.",
      ],
      ...FILLER,
    ]);
    const plain = { ...opts, namesOnlyFactor: 1, singleConceptFactor: 1 };
    expect(similarity(0, 1, { ...plain, namesOnlyFactor: opts.namesOnlyFactor })).toBeCloseTo(
      similarity(0, 1, plain) * opts.namesOnlyFactor,
      12,
    );
  });

  it("damps reports whose headlines each name someone or somewhere the other never mentions", () => {
    const { similarity } = batchOf([
      [
        "Man charged with attempted murder in Queensland",
        "Police say a confrontation left another man fighting for life.",
      ],
      [
        "Man charged with attempted murder in Tipton",
        "Police say a double stabbing left a woman fighting for life.",
      ],
      [
        "Man charged with attempted murder after brawl in Queensland",
        "Police say a confrontation left another man fighting for life.",
      ],
      ...FILLER,
    ]);
    const plain = NO_NAME_DAMPING;
    // Queensland and Tipton: not one name in common, so both factors apply.
    expect(similarity(0, 1)).toBeCloseTo(
      similarity(0, 1, plain) * opts.nameConflictFactor * opts.strangerNamesFactor,
      12,
    );
    // The same place on both sides is no conflict.
    expect(similarity(0, 2)).toBeCloseTo(similarity(0, 2, plain), 12);
    expect(similarity(0, 2)).toBeGreaterThan(similarity(0, 1));
  });

  it("damps less when the two reports share one of the names they are about", () => {
    const { similarity } = batchOf([
      ["NFL suspends Winston three games", "The league said the quarterback broke its conduct policy."],
      ["NFL to suspend star QB three games", "The league said the quarterback broke its conduct policy."],
      ...FILLER,
    ]);
    // Each names someone the other does not (Winston, QB), but both are about the NFL.
    expect(similarity(0, 1)).toBeCloseTo(similarity(0, 1, NO_NAME_DAMPING) * opts.nameConflictFactor, 12);
  });

  it("counts a name as mentioned when the other report writes both its words, apart or in a link", () => {
    const { batch, times, similarity } = batchOf([
      ["Ahmed Musa scores twice as Nigeria win", "The striker Ahmed Musa scored both goals against Iceland."],
      ["Iceland beaten by Nigeria in Volgograd", "Musa, the forward fans call Ahmed, struck twice."],
      ...FILLER,
    ]);
    // "Ahmed Musa" is met by "Musa … Ahmed"; Volgograd alone is no conflict.
    expect(similarity(0, 1)).toBeCloseTo(similarity(0, 1, NO_NAME_DAMPING), 12);
    expect(similarity(1, 0)).toBeCloseTo(similarity(0, 1), 12);
    const scorer = new PairScorer(batch, times, opts);
    expect(scorer.score(0, 1)).toBeCloseTo(similarity(0, 1), 12);
    expect(scorer.score(1, 0)).toBeCloseTo(similarity(0, 1), 12);
  });

  it("reads demonyms as their place and counts written as digits", () => {
    const { similarity } = batchOf([
      ["Swiss goal breaks Serbian hearts", ""],
      ["Switzerland beat Serbia with late goal", ""],
      ["NFL to suspend quarterback three games", ""],
      ["NFL suspends star quarterback for 3 games", ""],
      ...FILLER,
    ]);
    expect(similarity(0, 1)).toBeGreaterThan(0.3);
    expect(similarity(2, 3)).toBeGreaterThan(0.3);
  });
});
