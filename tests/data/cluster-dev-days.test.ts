/**
 * Story clustering on the two labelled dev days (real RSS with summaries, labelled by reading every
 * article): the merges and splits a reader would notice, and the card figures as floors, so a change
 * that makes cards worse fails here. The held-out days are never read.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { clusterArticles } from "@/lib/cluster/cluster-articles";
import { parseLabelledJsonl } from "@/lib/cluster/eval/labelled-feeds";
import { scoreCards } from "@/lib/cluster/eval/metrics";
import { sharedDataPath } from "../helpers/shared-data";

function clusterDay(file: string) {
  const { articles, truth } = parseLabelledJsonl(readFileSync(sharedDataPath("clustering", file), "utf8"));
  const clusters = clusterArticles(articles).map((c) => c.articleIds);
  const clusterOf = new Map(clusters.flatMap((ids, index) => ids.map((id) => [id, index] as const)));
  const cards = scoreCards(clusters, truth, new Map(articles.map((a) => [a.id, a.sourceId])));
  return {
    cards,
    together: (...ids: string[]) => new Set(ids.map((id) => clusterOf.get(id))).size === 1,
    apart: (id: string, ...others: string[]) => others.every((other) => clusterOf.get(other) !== clusterOf.get(id)),
  };
}

describe("2018-06-23", () => {
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

  it("shows cards a reader can trust", () => {
    const { cards } = day;
    expect(cards.pureCards / cards.cards).toBeGreaterThanOrEqual(0.95);
    expect(cards.misplacedArticles / cards.cardedArticles).toBeLessThanOrEqual(0.03);
    expect(cards.cardedStories / cards.multiOutletStories).toBeGreaterThanOrEqual(0.85);
  });
});

describe("2020-05-31", () => {
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

  it("shows cards a reader can trust", () => {
    const { cards } = day;
    expect(cards.pureCards / cards.cards).toBeGreaterThanOrEqual(0.9);
    expect(cards.misplacedArticles / cards.cardedArticles).toBeLessThanOrEqual(0.03);
    expect(cards.cardedStories / cards.multiOutletStories).toBeGreaterThanOrEqual(0.7);
  });
});
