import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forEachCandidatePair } from "@/lib/cluster/evidence/candidates";
import { pairScorer, prepareBatch, type PreparedBatch } from "@/lib/cluster/assembly/cluster-articles";
import { ROLE_HEADLINE, ROLE_KEY_NAME, ROLE_NAME, type ArticleVector } from "@/lib/cluster/evidence/vectors";
import {
  EVIDENCE_FEATURES,
  EVIDENCE_SIZE,
  type EvidenceFeature,
} from "@/lib/cluster/evidence/evidence-features";
import { PairEvidence } from "@/lib/cluster/evidence/pair-evidence";
import { PairModel } from "@/lib/cluster/score/pair-model";
import { EVIDENCE_TUNING } from "@/lib/cluster/tuning";
import type { ClusterArticle } from "@/lib/cluster/types";

const HOUR = 3_600_000;
type Evidence = Record<EvidenceFeature, number>;

/**
 * The evidence of a pair written plainly, from the per-article views and set operations: the
 * specification the fast PairEvidence must equal. null when the two share nothing.
 */
function referenceEvidence({ batch, times, outlets }: PreparedBatch, i: number, j: number): Evidence | null {
  const a = batch.vectors[i];
  const b = batch.vectors[j];
  const n = batch.vectors.length;
  const df = batch.documentFrequency;
  const maxSpecific = Math.max(2, Math.floor(EVIDENCE_TUNING.specificNameShare * n));
  const specific = (f: number) => df[f] <= maxSpecific;
  const has = (v: ArticleVector, f: number) => v.features.includes(f);
  const role = (v: ArticleVector, f: number) => v.roles[v.features.indexOf(f)];
  const weight = (v: ArticleVector, f: number) => v.weights[v.features.indexOf(f)];
  const shared = [...a.features].filter((f) => has(b, f));
  const part = (f: number) => weight(a, f) * weight(b, f);
  const sum = (fs: number[]) => fs.reduce((total, f) => total + part(f), 0);
  const dot = sum(shared);
  if (dot === 0) return null;
  const isName = (f: number) => ((role(a, f) | role(b, f)) & ROLE_NAME) !== 0;
  const contentFeatures = shared.filter((f) => !isName(f));
  // The largest single thing shared: a content word, or a name with its words and phrase together.
  const groups = new Map<number, number>();
  for (const f of shared.filter(isName))
    groups.set(batch.featureGroup[f], (groups.get(batch.featureGroup[f]) ?? 0) + part(f));
  const top = Math.max(0, ...contentFeatures.map(part), ...groups.values());
  const keyNames = (v: ArticleVector) =>
    [...v.features].filter((f) => role(v, f) & ROLE_KEY_NAME && specific(f));
  const { first, second } = batch.phraseWords;
  const mentions = (other: ArticleVector, f: number) =>
    has(other, f) || (first[f] >= 0 && has(other, first[f]) && has(other, second[f]));
  const missesOne = (v: ArticleVector, other: ArticleVector) => keyNames(v).some((f) => !mentions(other, f));
  const meets = (v: ArticleVector, other: ArticleVector) => keyNames(v).some((f) => mentions(other, f));
  const conflict = missesOne(a, b) && missesOne(b, a);
  const kinds = (v: ArticleVector) => [...v.numbers].reduce((mask, f) => mask | batch.numberKinds[f], 0);
  const agreed = [...a.numbers]
    .filter((f) => b.numbers.includes(f))
    .reduce((mask, f) => mask | batch.numberKinds[f], 0);
  const both = batch.withSummary[i] & batch.withSummary[j];
  const hours = Math.abs(times[i] - times[j]) / HOUR;
  const names = shared.filter(isName);
  const idf = (d: number) => Math.log(n / d) * (n > 2 ? 1 / Math.log(n) : 1);
  const keyShared = (v: ArticleVector) =>
    shared.filter((f) => role(v, f) & ROLE_KEY_NAME && specific(f)).length;
  const cap = EVIDENCE_TUNING.maxKeyNamesMet;
  return {
    logCosine: Math.log(dot),
    cosine: dot,
    sharedContent: sum(contentFeatures),
    residual: dot - top,
    singleConcept: dot - top < EVIDENCE_TUNING.minResidual ? 1 : 0,
    namesOnly: both && sum(contentFeatures) < EVIDENCE_TUNING.minSharedContent ? 1 : 0,
    nameConflict: conflict ? 1 : 0,
    strangerNames: conflict && !meets(a, b) && !meets(b, a) ? 1 : 0,
    numberConflict: (kinds(a) & kinds(b) & ~agreed) !== 0 ? 1 : 0,
    lateDays: Math.max(0, hours - EVIDENCE_TUNING.graceHours) / 24,
    daysApart: hours / 24,
    bothSummaries: both,
    rarestName: names.length ? idf(Math.min(...names.map((f) => df[f]))) : 0,
    keyNamesMet: Math.min(keyShared(a) + keyShared(b), cap) / cap,
    sameOutlet: outlets[i] === outlets[j] ? 1 : 0,
    sharedHeadline: sum(shared.filter((f) => role(a, f) & role(b, f) & ROLE_HEADLINE)),
    sharedCount: Math.min(1, shared.length / EVIDENCE_TUNING.manyShared),
    sharedRare: Math.min(
      1,
      shared.filter((f) => idf(df[f]) >= EVIDENCE_TUNING.rareIdf).length / EVIDENCE_TUNING.manyRare,
    ),
  };
}

/** The fast path's record as named features, or null when it reports nothing shared. */
function fastEvidence(evidence: PairEvidence, i: number, j: number): Evidence | null {
  const record = new Float64Array(EVIDENCE_SIZE);
  if (!evidence.fill(i, j, record)) return null;
  return Object.fromEntries(EVIDENCE_FEATURES.map((name, k) => [name, record[k]])) as Evidence;
}

function expectSame(actual: Evidence | null, expected: Evidence | null): void {
  if (!expected || !actual) return expect(actual).toEqual(expected);
  for (const name of EVIDENCE_FEATURES)
    expect([name, actual[name]]).toEqual([name, expect.closeTo(expected[name], 10)]);
}

// A small vocabulary in which names, phrases, numbers of every kind and shared words recur often.
const WORDS = [
  "Ahmed",
  "Musa",
  "Nigeria",
  "Iceland",
  "Queensland",
  "Tipton",
  "Trump",
  "NFL",
  "scores",
  "quake",
  "hits",
  "coast",
  "council",
  "budget",
  "police",
  "charged",
  "murder",
  "twice",
  "win",
  "6.1",
  "7.3",
  "3",
  "$2b",
  "2016",
  "90th",
  "5%",
];
const sentence = fc.array(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 8 }).map((w) => w.join(" "));
const article = fc.record({
  title: sentence,
  summary: fc.oneof(
    fc.constant(""),
    fc.array(sentence, { minLength: 1, maxLength: 3 }).map((s) => s.join(". ") + "."),
  ),
  outlet: fc.constantFrom("a", "b", "c", "d"),
  hour: fc.integer({ min: 0, max: 72 }),
  slug: fc.option(
    fc.array(fc.constantFrom("ahmed", "musa", "star", "qb", "wins", "budget"), {
      minLength: 3,
      maxLength: 5,
    }),
  ),
});

function toArticles(
  rows: { title: string; summary: string; outlet: string; hour: number; slug: string[] | null }[],
): ClusterArticle[] {
  return rows.map((row, i) => ({
    id: `x${i}`,
    title: row.title,
    summary: row.summary,
    url: row.slug ? `https://news.example/${row.slug.join("-")}` : null,
    sourceId: row.outlet,
    publishedAt: new Date(row.hour * HOUR),
  }));
}

describe("PairEvidence", () => {
  it("equals the plain reference on every candidate pair of generated batches, in any call order", () => {
    fc.assert(
      fc.property(fc.array(article, { minLength: 2, maxLength: 24 }), (rows) => {
        const prepared = prepareBatch(toArticles(rows));
        const { batch, times, outlets, opts } = prepared;
        const pairs: [number, number][] = [];
        forEachCandidatePair(batch.vectors, batch.documentFrequency, times, opts, (i, j) =>
          pairs.push([i, j]),
        );
        const evidence = new PairEvidence(batch, times, outlets);
        for (const [i, j] of pairs)
          expectSame(fastEvidence(evidence, i, j), referenceEvidence(prepared, i, j));
        // Reversed order and swapped sides: the spread article changes on every call.
        for (const [i, j] of [...pairs].reverse())
          expectSame(fastEvidence(evidence, j, i), referenceEvidence(prepared, i, j));
      }),
      { numRuns: 60, seed: 24 },
    );
  });

  it("with a floor, scores every pair exactly, or 0 when its exact score is below the floor", () => {
    let early = 0;
    fc.assert(
      fc.property(
        fc.array(article, { minLength: 2, maxLength: 24 }),
        fc.constantFrom(0.05, 0.1, 0.3, 0.5, 0.9),
        (rows, floor) => {
          const prepared = prepareBatch(toArticles(rows));
          const { batch, times, opts } = prepared;
          const exact = pairScorer(prepared);
          const floored = pairScorer(prepared, floor);
          forEachCandidatePair(batch.vectors, batch.documentFrequency, times, opts, (i, j) => {
            const score = exact(i, j);
            const given = floored(i, j);
            if (given === score) return;
            expect([score < floor, given]).toEqual([true, 0]);
            early++;
          });
        },
      ),
      { numRuns: 60, seed: 31 },
    );
    // Pairs were told early, not only scored in full.
    expect(early).toBeGreaterThan(0);
  });
});

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

/** The evidence of pairs of a small batch (title, summary), each from its own outlet, all at once unless told. */
function evidenceOf(texts: [string, string][], hours: number[] = []) {
  const articles: ClusterArticle[] = texts.map(([title, summary], i) => ({
    id: `a${String(i).padStart(2, "0")}`,
    title,
    summary,
    sourceId: `outlet-${i}`,
    publishedAt: new Date((hours[i] ?? 0) * HOUR + i),
  }));
  const prepared = prepareBatch(articles);
  const evidence = new PairEvidence(prepared.batch, prepared.times, prepared.outlets);
  // prepareBatch sorts by time then id: the i-th text is found by its id.
  const at = (i: number) => prepared.sorted.findIndex((a) => a.id === articles[i].id);
  return (i: number, j: number) => fastEvidence(evidence, at(i), at(j))!;
}

describe("the rules as evidence", () => {
  it("measures days apart, and lateness only beyond the grace period", () => {
    const same: [string, string] = [
      "Trump postpones G7 summit",
      "The president delays the meeting of leaders until September.",
    ];
    const pair = evidenceOf([same, same, ...FILLER], [0, EVIDENCE_TUNING.graceHours + 24]);
    expect(pair(0, 1).cosine).toBeCloseTo(1, 12);
    expect(pair(0, 1).lateDays).toBeCloseTo(1, 6);
    expect(pair(0, 1).daysApart).toBeCloseTo((EVIDENCE_TUNING.graceHours + 24) / 24, 6);
  });

  it("flags headlines that state different numbers of one kind", () => {
    const pair = evidenceOf([
      ["Magnitude 6.1 quake hits Japan coast", ""],
      ["Magnitude 7.3 quake hits Japan coast", ""],
      ["Magnitude 6.1 quake hits Japan again", ""],
      ...FILLER,
    ]);
    expect(pair(0, 1).numberConflict).toBe(1);
    expect(pair(0, 2).numberConflict).toBe(0);
  });

  it("flags two reports that share one thing only (a name, its words and their phrase count as one)", () => {
    const pair = evidenceOf([
      ["Peru doctors warn they cannot cope", "Hospitals in Lima are overwhelmed by infections, doctors say."],
      [
        "In pictures: Peru's worst natural disaster",
        "Fifty years ago an earthquake buried a whole town under mud.",
      ],
      ...FILLER,
    ]);
    expect(pair(0, 1).cosine).toBeGreaterThan(0);
    expect(pair(0, 1).singleConcept).toBe(1);
  });

  it("flags reports with summaries that share who but not what happened", () => {
    const pair = evidenceOf([
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
    expect(pair(0, 1).namesOnly).toBe(1);
    expect(pair(0, 1).bothSummaries).toBe(1);
  });

  it("flags reports whose headlines each name someone or somewhere the other never mentions, strangers when no name meets", () => {
    const pair = evidenceOf([
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
      ["NFL suspends Winston three games", "The league said the quarterback broke its conduct policy."],
      ["NFL to suspend star QB three games", "The league said the quarterback broke its conduct policy."],
      ...FILLER,
    ]);
    expect(pair(0, 1)).toMatchObject({ nameConflict: 1, strangerNames: 1 });
    expect(pair(0, 2)).toMatchObject({ nameConflict: 0, strangerNames: 0 });
    // Each names someone the other does not (Winston, QB), but both are about the NFL.
    expect(pair(3, 4)).toMatchObject({ nameConflict: 1, strangerNames: 0 });
  });

  it("counts the things two reports share that few others of the batch carry", () => {
    const pair = evidenceOf([
      ["Lockdown eases as Volgograd reopens markets", "Traders in Volgograd returned to the stalls."],
      ["Volgograd markets reopen under lockdown rules", "Stalls in Volgograd opened for traders again."],
      ["Lockdown extended in the south", "Officials said the rules remain for weeks."],
      ["Lockdown extended for another month", "Restrictions will stay as cases rise."],
      ...FILLER,
    ]);
    // "lockdown" is in four reports of the batch: common; "volgograd", "markets", "stalls" are in two.
    expect(pair(0, 2).cosine).toBeGreaterThan(0);
    expect(pair(0, 2).sharedRare).toBe(0);
    expect(pair(0, 1).sharedRare).toBeGreaterThanOrEqual(2 / EVIDENCE_TUNING.manyRare);
  });

  it("counts a name as mentioned when the other report writes both its words", () => {
    const pair = evidenceOf([
      ["Ahmed Musa scores twice as Nigeria win", "The striker Ahmed Musa scored both goals against Iceland."],
      ["Iceland beaten by Nigeria in Volgograd", "Musa, the forward fans call Ahmed, struck twice."],
      ...FILLER,
    ]);
    expect(pair(0, 1).nameConflict).toBe(0);
    expect(pair(1, 0)).toEqual(pair(0, 1));
  });

  it("weighs what both headlines state and whether one outlet wrote both", () => {
    const pair = evidenceOf([
      ["Swiss goal breaks Serbian hearts", ""],
      ["Switzerland beat Serbia with late goal", ""],
      ...FILLER,
    ]);
    // Demonyms read as their place: the headlines share Switzerland and Serbia.
    expect(pair(0, 1).sharedHeadline).toBeGreaterThan(0.3);
    expect(pair(0, 1).sameOutlet).toBe(0);
  });
});

describe("PairModel", () => {
  const record = Float64Array.from(EVIDENCE_FEATURES, (_, k) => (k + 1) / 10);
  const at = (name: EvidenceFeature) => record[EVIDENCE_FEATURES.indexOf(name)];

  it("scores an exp model as the cosine times one factor per flag", () => {
    const model = new PairModel({
      method: "test",
      link: "exp",
      bias: 0,
      features: { logCosine: { weight: 1 }, numberConflict: { weight: Math.log(0.25) } },
    });
    expect(model.score(record)).toBeCloseTo(
      Math.exp(at("logCosine")) * Math.pow(0.25, at("numberConflict")),
      12,
    );
  });

  it("scores a logistic model with its standardisation folded in", () => {
    const model = new PairModel({
      method: "test",
      link: "logistic",
      bias: -0.5,
      features: { cosine: { weight: 2, mean: 0.1, scale: 0.05 }, sameOutlet: { weight: -1 } },
    });
    const z = -0.5 + (2 * (at("cosine") - 0.1)) / 0.05 - at("sameOutlet");
    expect(model.score(record)).toBeCloseTo(1 / (1 + Math.exp(-z)), 12);
  });
});
