/**
 * The local analyzer on real overlapping coverage: the 2020-05-31 dev feeds of the data folder,
 * where several outlets cover the George Floyd protests and the SpaceX crewed launch. npm test
 * runs the same checks on the team's feed fixtures (tests/unit/analysis/local-analyzer.test.ts).
 */
import { STORM } from "@/tests/fixtures/analysis-articles";
import { cardAbout, longCards, realCoverage, STORIES } from "../helpers/coverage";
import { describeLocalAnalyzerOn } from "../helpers/local-analyzer-checks";
import { sharedDataPath } from "../helpers/shared-data";

describeLocalAnalyzerOn("local analyzer on real coverage (2020-05-31 dev feeds)", async () => {
  const items = await realCoverage(sharedDataPath("feeds", "dev"));
  return [
    { name: "protests", articles: cardAbout(items, STORIES.real.protests) },
    { name: "crewed launch", articles: cardAbout(items, STORIES.real.crewedLaunch) },
    { name: "storm fixture", articles: STORM },
    // Long same-day cards (ten outlets, about 5,000 characters each), as the benchmark uses.
    ...longCards(items, 4).map((articles, k) => ({ name: `long card ${k}`, articles })),
  ];
});
