import { describe, expect, it } from "vitest";
import type { LabelledDay } from "@/scripts/lib/cluster-eval/cross-day";
import { fitPairModel, learnedMethod, pairExamples } from "@/scripts/lib/cluster-eval/fit-pair-model";
import type { ClusterArticle } from "@/lib/cluster/types";

const HOUR = 3_600_000;

// Two stories told by two outlets each, and one told once; links carry words the text lacks.
const ROWS: [string, string, string, string, string, string][] = [
  [
    "v1",
    "volcano",
    "a",
    "Volcano erupts on remote island",
    "Lava reached the coast.",
    "https://a.test/volcano-lava",
  ],
  ["v2", "volcano", "b", "Remote island volcano erupts", "Villagers fled.", "https://b.test/island-eruption"],
  [
    "b1",
    "budget",
    "a",
    "Council approves budget for schools",
    "The council voted.",
    "https://a.test/budget-schools",
  ],
  [
    "b2",
    "budget",
    "c",
    "Money agreed for new schools",
    "Classrooms will be built.",
    "https://c.test/council-money",
  ],
  ["m1", "museum", "b", "Museum opens a new wing", "Paintings return.", "https://b.test/museum-wing"],
];

function day(name: string, offset: number): LabelledDay {
  const articles: ClusterArticle[] = ROWS.map(([id, , outlet, title, summary, link], i) => ({
    id: `${name}-${id}`,
    title,
    summary,
    url: link,
    sourceId: outlet,
    publishedAt: new Date(offset + i * HOUR),
  }));
  return { name, articles, truth: new Map(ROWS.map(([id, story]) => [`${name}-${id}`, story])) };
}

describe("learnedMethod", () => {
  const days = [day("2020-01-01", 0), day("2020-01-02", 24 * HOUR)];

  it("fits on examples built with the options it clusters with, not with the defaults", () => {
    const options = { summaryWeight: 0.2, linkWeight: 0 };
    const withOptions = fitPairModel([pairExamples(days[1], options)], undefined, [days[1].name]);
    const withDefaults = fitPairModel([pairExamples(days[1])], undefined, [days[1].name]);
    // The option changes the evidence, so the two fits differ, and the method must give the first.
    expect(pairExamples(days[1], options).evidence).not.toEqual(pairExamples(days[1]).evidence);
    expect(withOptions).not.toEqual(withDefaults);
    expect(learnedMethod(undefined, options).fit([days[1]])).toEqual(withOptions);
  });
});
