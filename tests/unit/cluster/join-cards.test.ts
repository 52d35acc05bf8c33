import { describe, expect, it } from "vitest";
import { ClusterForest } from "@/lib/cluster/assembly/cluster-forest";
import type { BatchVectors } from "@/lib/cluster/evidence/vectors";
import { joinCards } from "@/lib/cluster/assembly/join-cards";
import { vectorizeArticles } from "@/lib/cluster/evidence/features";
import { DEFAULT_CLUSTER_OPTIONS } from "@/lib/cluster/tuning";
import type { ClusterArticle } from "@/lib/cluster/types";

// A batch of n articles without features: only links and scores tie its cards.
function featureless(n: number): BatchVectors {
  const none = new Int32Array(0);
  return {
    vectors: Array.from({ length: n }, () => ({})),
    flat: {
      offsets: new Int32Array(n + 1),
      features: none,
      weights: new Float64Array(0),
      roles: new Uint8Array(0),
    },
    featureGroup: none,
    documentFrequency: none,
    titleOrYear: new Uint8Array(0),
  } as unknown as BatchVectors;
}

function forestOf(groups: number[][], batch: BatchVectors): ClusterForest {
  const forest = new ClusterForest(batch);
  for (const [first, ...rest] of groups)
    for (const i of rest) forest.union(forest.find(first), forest.find(i));
  return forest;
}

const OPTIONS = {
  cardSupport: 0.5,
  cardSubjectShare: DEFAULT_CLUSTER_OPTIONS.cardSubjectShare,
  cardSubjectOwnShare: DEFAULT_CLUSTER_OPTIONS.cardSubjectOwnShare,
};

type Pair = [number, number, number];

/** Links from pairs (the candidates' scores), and a scorer that knows every pair (0 when unknown). */
function evidence(pairs: Pair[]) {
  const weights = new Map(pairs.map(([i, j, w]) => [`${Math.min(i, j)},${Math.max(i, j)}`, w]));
  const links = {
    from: Int32Array.from(pairs, (p) => p[0]),
    to: Int32Array.from(pairs, (p) => p[1]),
    weight: Float64Array.from(pairs, (p) => p[2]),
    count: pairs.length,
  };
  const score = (i: number, j: number) => weights.get(`${Math.min(i, j)},${Math.max(i, j)}`) ?? 0;
  return { links, score };
}

const together = (forest: ClusterForest, ...ids: number[]) =>
  new Set(ids.map((i) => forest.find(i))).size === 1;

// Articles 0–2 are one card (outlets 0, 1, 0), 3–4 another (outlets 2, 3); 5–6 one outlet's pair.
const OUTLETS = Int32Array.from([0, 1, 0, 2, 3, 4, 4]);
const GROUPS = [
  [0, 1, 2],
  [3, 4],
  [5, 6],
];

describe("joinCards, report by report", () => {
  it("joins two cards when every report of each has a likely partner in the other, scored or candidate", () => {
    const batch = featureless(7);
    const forest = forestOf(GROUPS, batch);
    // Only one cross pair was a candidate; the others are scored when the join is weighed.
    const { links, score } = evidence([
      [0, 3, 0.9],
      [1, 4, 0.6],
      [2, 3, 0.55],
    ]);
    joinCards(forest, batch, { ...links, count: 1 }, OUTLETS, score, OPTIONS);
    expect(together(forest, 0, 1, 2, 3, 4)).toBe(true);
  });

  it("keeps two cards apart when one report of either has no likely partner in the other", () => {
    const batch = featureless(7);
    const forest = forestOf(GROUPS, batch);
    const { links, score } = evidence([
      [0, 3, 0.9],
      [1, 4, 0.6],
      [2, 3, 0.45],
    ]);
    joinCards(forest, batch, links, OUTLETS, score, OPTIONS);
    expect(together(forest, 0, 3)).toBe(false);
  });

  it("leaves a group of one outlet alone, however tied", () => {
    const batch = featureless(7);
    const forest = forestOf(GROUPS, batch);
    const { links, score } = evidence([
      [3, 5, 0.9],
      [3, 6, 0.9],
      [4, 5, 0.9],
      [4, 6, 0.9],
    ]);
    joinCards(forest, batch, links, OUTLETS, score, OPTIONS);
    expect(together(forest, 3, 5)).toBe(false);
  });

  it("keeps apart two cards a reader judged different, however tied", () => {
    const batch = featureless(7);
    const forest = forestOf(GROUPS, batch);
    const { links, score } = evidence([
      [0, 3, 0.9],
      [1, 4, 0.9],
      [2, 3, 0.9],
    ]);
    const apart = new Set([`${forest.find(0)},${forest.find(3)}`]);
    joinCards(
      forest,
      batch,
      links,
      OUTLETS,
      score,
      OPTIONS,
      (a, b) => apart.has(`${a},${b}`) || apart.has(`${b},${a}`),
    );
    expect(together(forest, 0, 3)).toBe(false);
  });
});

/** A report of an invented day: outlet, headline, summary. */
type Report = [string, string, string];

const T0 = Date.UTC(2026, 2, 10, 6);
const OTHER_TOPICS =
  "harbour crane bridge library orchard tram museum stadium reservoir ferry vineyard glacier bakery lighthouse canal festival quarry hospital airport observatory".split(
    " ",
  );
/** The day's other reports, one on each unrelated thing: the cards' words are theirs. */
const REST_OF_DAY: Report[] = OTHER_TOPICS.map((topic, k) => [
  `local-${k % 4}`,
  `Town ${topic} reopens after repairs`,
  `The ${topic} reopened on ${["Monday", "Tuesday", "Wednesday"][k % 3]} after months of work.`,
]);

/**
 * Two cards of an invented day, vectorized as the clusterer does, joined or not by the card join:
 * `likely` are the candidate links at or above cardSupport (card a's report, card b's report,
 * probability), `scored` what any other cross pair scores.
 */
function joinTwoCards(
  a: Report[],
  b: Report[],
  { likely = [], scored = 0.2, rest = REST_OF_DAY, bySubject = true } = {} as {
    likely?: [number, number, number][];
    scored?: number;
    rest?: Report[];
    bySubject?: boolean;
  },
): boolean {
  const reports = [...a, ...b, ...rest];
  const articles: ClusterArticle[] = reports.map(([outlet, title, summary], k) => ({
    id: `r${k}`,
    title,
    summary,
    sourceId: outlet,
    publishedAt: new Date(T0 + k * 600_000),
  }));
  const batch = vectorizeArticles(articles, DEFAULT_CLUSTER_OPTIONS);
  const inA = a.map((_, k) => k);
  const inB = b.map((_, k) => a.length + k);
  const forest = forestOf([inA, inB], batch);
  const outletIds = new Map<string, number>();
  const outlets = Int32Array.from(reports, ([outlet]) => {
    if (!outletIds.has(outlet)) outletIds.set(outlet, outletIds.size);
    return outletIds.get(outlet)!;
  });
  const { links, score } = evidence(likely.map(([i, j, p]) => [inA[i], inB[j], p]));
  const scoreOrDefault = (i: number, j: number) => score(i, j) || scored;
  joinCards(forest, batch, links, outlets, scoreOrDefault, OPTIONS, null, bySubject);
  return together(forest, inA[0], inB[0]);
}

const JACKET_NEWS: Report[] = [
  [
    "bbc",
    "Melania Trump wears jacket on visit to border",
    "The first lady, Melania Trump, wore a jacket reading I really don't care as she flew to a detention centre in Texas.",
  ],
  [
    "cnn",
    "What the jacket of Melania Trump was saying",
    "Critics asked what Melania Trump meant by the jacket she wore on Thursday.",
  ],
  [
    "guardian",
    "Is Melania Trump using a jacket to troll her husband?",
    "The jacket Melania Trump wore on her flight has the internet talking.",
  ],
];
const JACKET_JOKES: Report[] = [
  [
    "fox",
    "Late-night hosts mock the jacket of Melania Trump",
    "Comedians joked about the jacket Melania Trump wore to the Mexico border.",
  ],
  [
    "nbc",
    "Twitter users denounce the jacket worn by Melania Trump",
    "The jacket Melania Trump wore on her trip to the Mexico border drew fury online.",
  ],
];

describe("joinCards, by subject", () => {
  it("joins the jokes about a jacket to the news of it: a name and a thing of both, one likely link", () => {
    // Neither joke is likely with each report of the news (0.2), so report by report they stay apart;
    // the jokes name Mexico, which the news never does, but the news names no one the jokes miss.
    expect(joinTwoCards(JACKET_NEWS, JACKET_JOKES, { likely: [[0, 0, 0.8]] })).toBe(true);
  });

  it("does not join by subject the groups a later round's questions are chosen on", () => {
    expect(joinTwoCards(JACKET_NEWS, JACKET_JOKES, { likely: [[0, 0, 0.8]], bySubject: false })).toBe(false);
  });

  it("finds two cards by their subject when no candidate link is likely but a scored cross pair is", () => {
    expect(joinTwoCards(JACKET_NEWS, JACKET_JOKES, { scored: 0.6 })).toBe(true);
    expect(joinTwoCards(JACKET_NEWS, JACKET_JOKES, { scored: 0.4 })).toBe(false);
  });

  it("keeps apart one actor's two happenings: a name alone, its words and phrase one thing", () => {
    const remains: Report[] = [
      [
        "bbc",
        "North Korea prepares to return remains of soldiers",
        "North Korea is preparing to return the remains of soldiers killed in the war, officials said.",
      ],
      [
        "cnn",
        "Remains of war dead to be returned by North Korea",
        "The remains of soldiers could come home from North Korea within days.",
      ],
    ];
    const exercises: Report[] = [
      [
        "fox",
        "Pentagon suspends military exercises after North Korea summit",
        "The Pentagon indefinitely suspended drills with Seoul after the summit with North Korea.",
      ],
      [
        "nbc",
        "Drills with Seoul halted in gesture to North Korea",
        "Military exercises were suspended to keep talks with North Korea going.",
      ],
    ];
    expect(joinTwoCards(remains, exercises, { likely: [[0, 0, 0.9]] })).toBe(false);
  });

  it("keeps apart two cards on one topic that name no one in common", () => {
    const separations: Report[] = [
      [
        "bbc",
        "Families separated at the border wait for news",
        "Parents separated from their children at the border describe the separation.",
      ],
      [
        "cnn",
        "The separation of families at the border explained",
        "How the separation policy takes children from their families at the border.",
      ],
    ];
    const audio: Report[] = [
      [
        "fox",
        "Audio of crying children played in Congress",
        "Congressman Ted Lieu played audio of children separated from their families at the border.",
      ],
      [
        "nbc",
        "Ted Lieu plays recording of separated children",
        "Lieu played the recording of families separated at the border on the floor.",
      ],
    ];
    expect(joinTwoCards(separations, audio, { likely: [[0, 0, 0.7]] })).toBe(false);
  });

  it("keeps apart two cards that share a name and a thing when each names someone the other never mentions", () => {
    const deal: Report[] = [
      ["bbc", "Kekelo and Dakobe agree budget", "Kekelo and Dakobe signed the budget on Monday."],
      ["cnn", "Budget signed by Kekelo and Dakobe", "The budget between Kekelo and Dakobe was signed."],
    ];
    const clash: Report[] = [
      ["fox", "Kekelo and Livedi clash over budget", "Kekelo and Livedi argued about the budget."],
      ["nbc", "Livedi attacks Kekelo on budget", "Livedi criticised the budget that Kekelo defends."],
    ];
    expect(joinTwoCards(deal, clash, { likely: [[0, 0, 0.8]] })).toBe(false);
    // The deal's own two reports against a clash that names no one the deal does not: one story.
    const reaction: Report[] = [
      ["fox", "Critics pan budget of Kekelo", "Kekelo was criticised over the budget."],
      ["nbc", "Budget of Kekelo draws fire", "The budget Kekelo agreed drew criticism."],
    ];
    expect(joinTwoCards(deal, reaction, { likely: [[0, 0, 0.8]] })).toBe(true);
  });

  it("counts a word the rest of the day says far more often than the two cards as the day's, not theirs", () => {
    const announce: Report[] = [
      ["bbc", "Kekelo announces lockdown", "Kekelo said the lockdown begins on Friday."],
      ["cnn", "Lockdown announced by Kekelo", "The lockdown Kekelo announced starts Friday."],
    ];
    const defend: Report[] = [
      ["fox", "Kekelo defends lockdown", "Kekelo defended the lockdown in a speech."],
      ["nbc", "Lockdown is right, says Kekelo", "Kekelo told critics the lockdown was right."],
    ];
    expect(joinTwoCards(announce, defend, { likely: [[0, 0, 0.8]] })).toBe(true);
    const lockdownDay: Report[] = OTHER_TOPICS.map((topic, k) => [
      `local-${k % 4}`,
      `Town ${topic} shut by lockdown`,
      `The ${topic} closed under the lockdown.`,
    ]);
    expect(joinTwoCards(announce, defend, { likely: [[0, 0, 0.8]], rest: lockdownDay })).toBe(false);
  });

  it("never takes a title or a year for what happened", () => {
    const order: Report[] = [
      ["bbc", "Kekelo signs order in 2026", "The president signed the order, aides of Kekelo said."],
      ["cnn", "Order signed by Kekelo in 2026", "Kekelo, the president, signed it."],
    ];
    const visit: Report[] = [
      ["fox", "Kekelo visits flood victims in 2026", "The president Kekelo met victims."],
      ["nbc", "Flood victims meet Kekelo in 2026", "Kekelo came as president to see them."],
    ];
    expect(joinTwoCards(order, visit, { likely: [[0, 0, 0.8]] })).toBe(false);
  });
});
