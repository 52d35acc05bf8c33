/**
 * Contradictions between claims without figures (decision 051): one outlet's plain report set
 * against another's denial or negation of it, named as a contradiction, counted against
 * factualAccuracy, and never asserted where the outlets do not both state it.
 */
import { describe, expect, it } from "vitest";
import { article } from "@/tests/helpers/small-cards";
import { groundAnalysis } from "@/lib/analysis/grounding";
import { negationsIn } from "@/lib/analysis/local/contradictions";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import { tokenize } from "@/lib/analysis/text/tokens";
import type { AnalysisArticle } from "@/lib/schemas/analysis";

const contradictionsOf = async (card: AnalysisArticle[]) =>
  (await analyzeLocally(card)).differences.filter((d) => d.text.startsWith("The reports contradict"));

const BAN = article(
  "BBC News",
  "Opposition rallies go ahead in the capital",
  "The interior ministry banned the opposition rallies on Friday. Thousands gathered in Caracas anyway.",
);
const DENIED_BAN = article(
  "CNN",
  "Crowds fill the capital's squares",
  "The interior ministry denied it had banned the opposition rallies. Thousands gathered in Caracas.",
);

describe("negations", () => {
  it("reads the predicate a denial or a negated auxiliary governs", () => {
    const predicate = (text: string) =>
      negationsIn(tokenize(text)).map((n) => ({ term: n.term, denial: n.denial }));
    expect(predicate("The ministry denied it had banned the rallies.")).toEqual([
      { term: "ban", denial: true },
    ]);
    expect(predicate("The ministry denied banning the rallies.")).toEqual([{ term: "ban", denial: true }]);
    expect(predicate("Keita was not arrested, his office said.")).toEqual([
      { term: "arrest", denial: false },
    ]);
    expect(predicate("Keita hasn't been detained.")).toEqual([{ term: "arrest", denial: false }]);
    // A plea, a modal, a negation of a stop word, a pledge: no negated fact.
    expect(predicate("Smith denied the charges.")).toEqual([]);
    expect(predicate("The ministry would not ban the rallies.")).toEqual([]);
    expect(predicate("The ministry did not say why it banned the rallies.")).toEqual([]);
    expect(predicate("The ministry has not yet banned the rallies.")).toEqual([]);
  });
});

describe("contradictions between claims (decision 051)", () => {
  it("sets one outlet's report against another's denial, and counts it against factualAccuracy", async () => {
    const card = [BAN, DENIED_BAN];
    const result = await analyzeLocally(card);
    expect(result.differences[0]).toEqual({
      text: "The reports contradict each other: BBC News: “The interior ministry banned the opposition rallies on Friday.”; CNN: “The interior ministry denied it had banned the opposition rallies.”",
      citations: [0, 1],
    });
    expect(result.factualAccuracyMethod).toMatch(/claims compared for: banned \(contradiction\)/);
    expect(result.factualAccuracyMethod).toMatch(/1 claim contradicts/);
    expect(result.summary).toMatch(/BBC News reports “banned”, which CNN reports was denied\./);
    // Neither sentence is a shared fact of both outlets.
    for (const p of result.commonPoints) expect(p.text).not.toMatch(/banned/);
    // The same card without the denial has nothing against its accuracy.
    const agreeing = await analyzeLocally([
      BAN,
      article(
        "CNN",
        "Crowds fill the capital's squares",
        "The interior ministry banned the opposition rallies. Thousands gathered in Caracas.",
      ),
    ]);
    expect(agreeing.factualAccuracy).toBeGreaterThan(result.factualAccuracy);
    expect(agreeing.factualAccuracyMethod).not.toMatch(/contradict/);
    // Everything it says passes the grounding check untouched.
    const { analysis, report } = await groundAnalysis(result, card);
    expect(report.notes).toEqual([]);
    expect(analysis).toEqual(result);
  });

  it("sets a report of an arrest against another outlet's “was not arrested”", async () => {
    const found = await contradictionsOf([
      article(
        "Reuters",
        "Mutineers seize power in Mali",
        "Prime Minister Boubou Cisse was detained by the mutineers on Tuesday, a military source said.",
      ),
      article(
        "Al Jazeera",
        "Mali soldiers stage mutiny",
        "Prime Minister Boubou Cisse was not arrested and remains in a safe place, his office said.",
      ),
    ]);
    expect(found.map((d) => d.text)).toEqual([
      "The reports contradict each other: Reuters: “Prime Minister Boubou Cisse was detained by the mutineers on Tuesday, a military source said.”; Al Jazeera: “Prime Minister Boubou Cisse was not arrested and remains in a safe place, his office said.”",
    ]);
  });

  // Pairs that read alike but are no contradiction: each must give none.
  const none: [string, AnalysisArticle[]][] = [
    [
      "a denial reported on both sides",
      [
        article(
          "BBC News",
          "Rallies in the capital",
          "The interior ministry denied it had banned the opposition rallies.",
        ),
        DENIED_BAN,
      ],
    ],
    [
      "a negation on another verb",
      [
        article(
          "BBC News",
          "Arrests in the capital",
          "Police arrested opposition leader Ana Ruiz on Friday.",
        ),
        article(
          "CNN",
          "Opposition leader held",
          "Police did not charge opposition leader Ana Ruiz on Friday.",
        ),
      ],
    ],
    [
      "a negation of what the sentence does not report as done",
      [
        BAN,
        article(
          "CNN",
          "Rallies in the capital",
          "The interior ministry did not say why it banned the opposition rallies.",
        ),
      ],
    ],
    [
      "a report of an allegation against a denial",
      [
        article(
          "BBC News",
          "Rallies in the capital",
          "Opposition leaders claim the interior ministry banned the opposition rallies.",
        ),
        DENIED_BAN,
      ],
    ],
    [
      "an intention against a denial",
      [
        article(
          "BBC News",
          "Rallies in the capital",
          "The interior ministry moved to ban the opposition rallies.",
        ),
        DENIED_BAN,
      ],
    ],
    [
      "a plea against a charge",
      [
        article(
          "BBC News",
          "Fraud case opens",
          "Mark Smith was charged with fraud by prosecutors in London.",
        ),
        article(
          "CNN",
          "Fraud case opens",
          "Mark Smith denied the fraud charges brought by prosecutors in London.",
        ),
      ],
    ],
    [
      "another subject",
      [
        article("BBC News", "Protests spread", "Police arrested protesters in Lyon on Saturday."),
        article("CNN", "Protests spread", "Police did not arrest protesters in Paris on Saturday."),
      ],
    ],
    [
      "another person of the same name (a relative)",
      [
        article("BBC News", "Arrests in Caracas", "Ana Ruiz's brother was arrested by police in Caracas."),
        article("CNN", "Arrests in Caracas", "Ana Ruiz was not arrested, police in Caracas said."),
      ],
    ],
    [
      "another object of the same verb",
      [
        article("BBC News", "Arrests in Caracas", "Police arrested supporters of Ana Ruiz in Caracas."),
        article("CNN", "Arrests in Caracas", "Police did not arrest Ana Ruiz in Caracas."),
      ],
    ],
    [
      "a partial negation",
      [
        BAN,
        article(
          "CNN",
          "Rallies in the capital",
          "The interior ministry did not ban all the opposition rallies.",
        ),
      ],
    ],
    [
      "a negation limited in time",
      [
        BAN,
        article(
          "CNN",
          "Rallies in the capital",
          "The interior ministry did not ban the opposition rallies until Friday.",
        ),
      ],
    ],
    [
      "another year",
      [
        article("BBC News", "Ruiz profile", "Ana Ruiz was arrested by police in 2015 during protests."),
        article("CNN", "Ruiz profile", "Ana Ruiz has never been arrested by police, her lawyer said."),
      ],
    ],
    [
      "a subject only a pronoun names",
      [
        article(
          "BBC News",
          "Blast at rally",
          "Several people were injured in the blast at the rally in Bulawayo.",
        ),
        article("CNN", "Blast at rally", "He was not injured in the blast, the president's spokesman said."),
      ],
    ],
    [
      "an outlet that reports the denial itself",
      [
        article(
          "BBC News",
          "Opposition rallies go ahead in the capital",
          "The interior ministry banned the opposition rallies on Friday. The ministry later denied it.",
        ),
        DENIED_BAN,
      ],
    ],
    ["two articles of one outlet", [BAN, { ...DENIED_BAN, source: "BBC News" }]],
    [
      "a modal negation",
      [
        BAN,
        article(
          "CNN",
          "Rallies in the capital",
          "The interior ministry would not ban the opposition rallies, it said.",
        ),
      ],
    ],
  ];
  for (const [name, card] of none) {
    it(`names no contradiction for ${name}`, async () => {
      expect(await contradictionsOf(card)).toEqual([]);
    });
  }
});
