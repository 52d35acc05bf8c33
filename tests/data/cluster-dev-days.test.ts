/**
 * Story clustering on the labelled dev days (real RSS with summaries, labelled by reading every
 * article). The figures that count are cross-day: each day clustered with pair weights fitted on
 * the other days (leave-one-day-out), held to floors so a change that makes cards worse on unseen
 * days fails here; the committed weights must be what `npm run cluster:train` fits now. The merges
 * and splits a reader would notice are checked with the committed weights, which were fitted on
 * these days too ("fitted on"). The held-out acceptance days are never read.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOW_CARD_CONFIDENCE } from "@/lib/catalog";
import { clusterArticles, SUMMARY_PAIR_MODEL } from "@/lib/cluster/assembly/cluster-articles";
import { crossDay, meanFigures, readLabelledDays } from "@/scripts/lib/cluster-eval/cross-day";
import { fitPairModel, learnedMethod, pairExamples } from "@/scripts/lib/cluster-eval/fit-pair-model";
import { parseLabelledJsonl } from "@/scripts/lib/cluster-eval/labelled-feeds";
import { sharedDataPath } from "../helpers/shared-data";

function clusterDay(file: string) {
  const { articles } = parseLabelledJsonl(readFileSync(sharedDataPath("clustering", file), "utf8"));
  const clusters = clusterArticles(articles).map((c) => c.articleIds);
  const clusterOf = new Map(clusters.flatMap((ids, index) => ids.map((id) => [id, index] as const)));
  return {
    together: (...ids: string[]) => new Set(ids.map((id) => clusterOf.get(id))).size === 1,
    apart: (id: string, ...others: string[]) => others.every((other) => clusterOf.get(other) !== clusterOf.get(id)),
  };
}

describe("leave-one-day-out over every labelled day", () => {
  const days = readLabelledDays(sharedDataPath("clustering"));
  const figures = crossDay(days, learnedMethod());

  it("reads all seven labelled days", () => {
    expect(days.map((d) => d.name)).toEqual([
      "2018-06-23",
      "2020-04-28",
      "2020-05-31",
      "2020-06-16",
      "2020-07-20",
      "2020-08-18",
      "2020-10-13",
    ]);
  });

  // Floors at or a little under the figures of decision 024 (each day: 92.9–100 % pure, 0–2.4 %
  // misplaced, 40–79 % carded; mean pure 98.3 %, carded 60.5 %), and the duplicate cards of
  // decisions 026 and 176 (5.8 → 5.0 % with cards joined report by report, → 3.5 % by subject). The per-day purity
  // targets (92 %, 3 %) are met and held here; its carded targets (80 % mean, no day under 60 %)
  // are not; decisions 023 and 024 say by how much.
  it("shows cards a reader can trust on days the weights never saw", () => {
    for (const day of figures) {
      expect([day.day, day.pure]).toEqual([day.day, expect.toSatisfy((x: number) => x >= 0.92)]);
      expect([day.day, day.misplaced]).toEqual([day.day, expect.toSatisfy((x: number) => x <= 0.03)]);
      expect([day.day, day.carded]).toEqual([day.day, expect.toSatisfy((x: number) => x >= 0.4)]);
    }
    const mean = meanFigures(figures);
    expect(mean.pure).toBeGreaterThanOrEqual(0.97);
    expect(mean.carded).toBeGreaterThanOrEqual(0.58);
    expect(mean.duplicates).toBeLessThanOrEqual(0.036);
  });

  it("still marks the cards it is least sure of as low confidence, and not the most", () => {
    const confidences = days.flatMap((day) => {
      const outletOf = new Map(day.articles.map((a) => [a.id, a.sourceId]));
      return clusterArticles(day.articles)
        .filter((c) => new Set(c.articleIds.map((id) => outletOf.get(id))).size > 1)
        .map((c) => c.confidence);
    });
    const low = confidences.filter((c) => c < LOW_CARD_CONFIDENCE).length;
    expect(low).toBeGreaterThan(0);
    expect(low).toBeLessThan(confidences.length / 10);
  });

  it("commits the weights npm run cluster:train fits from these days", () => {
    const fitted = fitPairModel(
      days.map((day) => pairExamples(day)),
      undefined,
      days.map((d) => d.name),
    );
    expect(SUMMARY_PAIR_MODEL.days).toEqual(fitted.days);
    expect(SUMMARY_PAIR_MODEL.bias).toBeCloseTo(fitted.bias, 4);
    expect(Object.keys(SUMMARY_PAIR_MODEL.features)).toEqual(Object.keys(fitted.features));
    for (const [name, entry] of Object.entries(fitted.features))
      expect([name, SUMMARY_PAIR_MODEL.features[name as keyof typeof fitted.features]!.weight]).toEqual([
        name,
        expect.closeTo(entry!.weight, 4),
      ]);
  });
});

describe("2018-06-23 (fitted on)", () => {
  const day = clusterDay("feeds-dev-2018-06-23.jsonl");

  it("keeps the Pentagon's suspended exercises with South Korea apart from other Korea stories", () => {
    expect(day.together("a0233", "a0316")).toBe(true);
    // North Korean propaganda, South Korea v Mexico at the World Cup, the return of war remains.
    expect(day.apart("a0233", "a0021", "a0035", "a0157", "a0320")).toBe(true);
  });

  it("keeps Katie Arrington's car crash apart from Mark Sanford's warning", () => {
    expect(day.together("a0123", "a0181", "a0224", "a0307")).toBe(true);
    expect(day.apart("a0123", "a0308")).toBe(true);
  });

  it("joins reports that name one person or place through a possessive or a colon", () => {
    // "Turkey's Erdogan" and "Scarborough: Trump" are no names of their own.
    expect(day.together("a0200", "a0317")).toBe(true);
    expect(day.together("a0131", "a0216")).toBe(true);
  });

  it("reads a link that names whom a headline only hints at ('star QB' is Jameis Winston)", () => {
    expect(day.together("a0085", "a0214")).toBe(true);
  });

  it("counts Ahmed Musa as named where a link writes 'ahmed-musa' (Nigeria against Iceland)", () => {
    expect(day.together("a0042", "a0088")).toBe(true);
  });

  it("keeps Clinton's speech on Russian meddling apart from another report that only shares the year 2016", () => {
    expect(day.apart("a0130", "a0289")).toBe(true);
  });

  it("keeps 'Week in pictures' out of World Cup match cards", () => {
    expect(day.apart("a0023", "a0039", "a0040", "a0041", "a0043", "a0091")).toBe(true);
  });

  it("shows Melania Trump's jacket once: the jokes and the outcry about it join the news of it", () => {
    // Colbert's joke and Breitbart's piece are likely with no report of the news but one (decision 176).
    expect(day.together("a0072", "a0165", "a0172", "a0086", "a0180")).toBe(true);
  });

});

describe("2020-05-31 (fitted on)", () => {
  const day = clusterDay("feeds-dev-2020-05-31.jsonl");

  it("keeps Trump postponing the G7 apart from a column about Trump changing the subject", () => {
    expect(day.together("a0018", "a0085", "a0455", "a0486")).toBe(true);
    expect(day.apart("a0018", "a0083")).toBe(true);
  });

  it("keeps the George Floyd protests apart from other stories that mention the US", () => {
    // Jamie Oliver on US food standards; the US Open tennis plan.
    expect(day.apart("a0008", "a0166", "a0197", "a0453")).toBe(true);
  });

  it("joins 'Austrian Grand Prix' with 'Austria', and keeps the Austrian Grand Prix apart from the Singapore one, and attempted murders in two countries apart", () => {
    expect(day.together("a0096", "a0447")).toBe(true);
    expect(day.apart("a0447", "a0479")).toBe(true);
    expect(day.apart("a0239", "a0459")).toBe(true);
  });

});

describe("2020-08-18 (fitted on)", () => {
  const day = clusterDay("feeds-dev-2020-08-18.jsonl");

  it("shows the Democratic convention's first night once: its moments join Michelle Obama's speech", () => {
    // The moment of silence for George Floyd and a round-up of the night, both about the convention (decision 176).
    expect(day.together("a0091", "a0405", "a0014", "a0060", "a0407", "a0413")).toBe(true);
  });
});
