/**
 * Issue 32's last "N of M" misses, each mechanism on a small invented card: an outlet counts when
 * its own text supports the fact through the shared normaliser, and the widest fact comes first.
 * A clause opened by a conjunction after a comma is a statement of its own ("…, as rumours swirl
 * over her health"), while "as many as" opens none.
 */
import { describe, expect, it } from "vitest";
import { article, firstCount } from "@/tests/helpers/small-cards";
import { extractFacts, prepareArticle } from "@/lib/analysis/local/facts";
import { WorkBudget } from "@/lib/analysis/work-budget";
import { actionTerms } from "@/lib/analysis/local/common-points";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import { statementsOf } from "@/lib/analysis/local/statements";
import { termOf } from "@/lib/text/terms";
import { RETURN_TERM } from "@/lib/analysis/text/tokens";

/** The first statement of a headline, read with no names known. */
const headlineStatement = (title: string) =>
  statementsOf(prepareArticle(article("Reuters", title, ""), 0), new Map(), new Set(), new Set())[0];

/** The first common point's outlet count on a card of two outlets' headlines ([outlet, headline] each). */
const countOfPair = async (...headlines: [[string, string], [string, string]]) =>
  firstCount(
    (await analyzeLocally(headlines.map(([outlet, title]) => article(outlet, title, "")))).commonPoints,
  );

describe("a clause after a comma (issue 32)", () => {
  const card = [
    article(
      "BBC News",
      "Who might run Acme without Jane Smith?",
      "The finance chief and a cousin are contenders, as rumours swirl over Jane Smith's health.",
    ),
    article("CNN", "Investors confused over Jane Smith's health", "Acme shares fell on Monday."),
    article("Reuters", "Jane Smith death rumours rattle Acme", "The company said she was working from home."),
  ];

  it("reads '…, as rumours swirl over her health' as a statement all three outlets report", async () => {
    const result = await analyzeLocally(card);
    expect(firstCount(result.commonPoints)).toBe("All three");
    expect(result.commonPoints[0].text).toContain("as rumours swirl over Jane Smith's health");
  });

  it("still quotes the rest of that sentence as the outlet's angle", async () => {
    const result = await analyzeLocally(card);
    const bbc = (result.angles ?? []).find((a) => a.text.startsWith("BBC News"));
    expect(bbc?.text).toMatch(/The finance chief and a cousin are contenders/);
  });

  it("opens no clause at 'as many as': '…as 5,000 refugees in city schools…' is no statement", () => {
    const prepared = prepareArticle(
      article(
        "BBC News",
        "City to house refugees",
        "Officials could house as many as 5,000 refugees in city schools, as winter storms close the roads.",
      ),
      0,
    );
    const clauses = statementsOf(prepared, new Map(), new Set(), new Set()).flatMap((s) =>
      (s.clauses ?? []).map((c) => c.text),
    );
    expect(clauses).toEqual([
      "Officials could house as many as 5,000 refugees in city schools…",
      "…as winter storms close the roads.",
    ]);
  });
});

describe("a statement's action (issue 32)", () => {
  const actionsOf = (title: string) => actionTerms(headlineStatement(title));

  it("reads a participle opening a clause after a comma as a verb: '…, Opening New Era of Retail'", () => {
    expect(actionsOf("Acme Buys Rival Bolt, Opening New Era of Retail")).toContain(termOf("opening"));
    expect(actionsOf("Acme shares fall, including Bolt")).not.toContain(termOf("including"));
  });
});

describe("the shared normaliser's words (issue 32)", () => {
  it("reads a steroid as a drug: 'Steroid saves lives of patients' reports 'Drug saves lives of patients'", async () => {
    expect(
      await countOfPair(
        ["BBC News", "Drug saves lives of patients"],
        ["CNN", "Steroid saves lives of patients"],
      ),
    ).toBe("Both");
  });

  it("reads initiating as launching: 'Union to initiate strike ballot' reports 'Union to launch strike ballot'", async () => {
    expect(
      await countOfPair(
        ["BBC News", "Union to launch strike ballot"],
        ["CNN", "Union to initiate strike ballot"],
      ),
    ).toBe("Both");
  });

  it("reads Covid and the coronavirus as one: 'Coronavirus cases rise in Spain' reports 'Covid cases rise in Spain'", async () => {
    expect(
      await countOfPair(
        ["BBC News", "Covid cases rise in Spain"],
        ["CNN", "Coronavirus cases rise in Spain"],
      ),
    ).toBe("Both");
  });
});

describe("a return after a gap (issue 32)", () => {
  const readsReturn = (title: string) => headlineStatement(title).terms.has(RETURN_TERM);

  it("reads 'the first … since 2011', 'the first … in nearly a decade' and 'brought … back to' as one term", () => {
    expect(readsReturn("Trams run in Leeds for the first time in a decade")).toBe(true);
    expect(readsReturn("The trip was the first from Leeds soil since 2011")).toBe(true);
    expect(readsReturn("The first tram to reach the city centre in nearly a decade")).toBe(true);
    expect(readsReturn("It was the first derby since the 1990s")).toBe(true);
    expect(readsReturn("The first such vote in more than 50 years")).toBe(true);
    expect(readsReturn("Council has brought trams back to Leeds")).toBe(true);
    expect(RETURN_TERM).toBe(termOf("resumes"));
  });

  it("does not read support, a return from somewhere, a delay, a record or an event as one", () => {
    expect(readsReturn("Council backs the plan to bring trams to Leeds")).toBe(false);
    expect(readsReturn("Tram driver came back from injury in Leeds")).toBe(false);
    expect(readsReturn("Tram opening in Leeds pushed back to Saturday")).toBe(false);
    expect(readsReturn("Leeds trams carry biggest crowd in a decade")).toBe(false);
    expect(readsReturn("Mayor gives first interview since his release")).toBe(false);
    expect(readsReturn("Leeds wins back to back titles for the first time in history")).toBe(false);
    expect(readsReturn("The first tram since the council vote runs in Leeds")).toBe(false);
    expect(readsReturn("The row over trams in Leeds goes back to 2011")).toBe(false);
    expect(readsReturn("Officials got back to reporters in Leeds")).toBe(false);
  });

  it("counts an outlet writing 'brings trams back to Leeds' for 'Trams run in Leeds for the first time in a decade'", async () => {
    expect(
      await countOfPair(
        ["CNN", "Trams run in Leeds for the first time in a decade"],
        ["Daily Mail", "Council brings trams back to Leeds"],
      ),
    ).toBe("Both");
  });

  it("does not count 'backs the plan', 'came back from injury' or 'pushed back to Saturday' as that return", async () => {
    for (const title of [
      "Council backs the plan to bring trams to Leeds",
      "Tram driver came back from injury in Leeds",
      "Tram opening in Leeds pushed back to Saturday",
    ]) {
      const result = await analyzeLocally([
        article("CNN", "Trams run in Leeds for the first time in a decade", ""),
        article("Daily Mail", title, ""),
      ]);
      expect(result.commonPoints, title).toEqual([]);
    }
  });
});

describe("the verb after a joint subject (issue 32)", () => {
  // The card's names as the analyzer reads them: a lead writing them mid-sentence makes Acme and Bolt names.
  const actionsOf = async (title: string) => {
    const prepared = prepareArticle(
      article("Reuters", title, "Investors cheered as Acme and Bolt confirmed it."),
      0,
    );
    const { names } = await extractFacts([prepared], new WorkBudget("test"));
    return actionTerms(statementsOf(prepared, names, new Set(), new Set())[0]);
  };

  it("reads the plain form after two names as the verb: 'Acme, Bolt launch rockets', 'Acme and Bolt jointly launch rockets'", async () => {
    expect(await actionsOf("Acme, Bolt launch rockets from Leeds")).toEqual(new Set([termOf("launch")]));
    expect(await actionsOf("Acme and Bolt jointly launch rockets from Leeds")).toEqual(
      new Set([termOf("launch")]),
    );
  });

  it("keeps a single subject's inflected verb: 'Acme launches rockets from Leeds'", async () => {
    expect(await actionsOf("Acme launches rockets from Leeds")).toEqual(new Set([termOf("launches")]));
  });
});

describe("an outlet's own wording of a later point (issue 32)", () => {
  it("refers to the passage an earlier point quoted when only that passage states what the point adds", async () => {
    const result = await analyzeLocally([
      article("Reuters", "Acme opens 12 km tram line in Leeds", ""),
      article("BBC News", "Acme opens new 12 km tram line in Leeds", ""),
      article(
        "Daily Mail",
        "Acme tram line opens",
        "Acme has brought trams back to Leeds city centre with the new line, where Mayor Tracy Brabin rode the opening carriage past cheering crowds and brass bands.",
      ),
      article("CNN", "Trams run in Leeds city centre for the first time in a decade", ""),
    ]);
    const [first, second] = result.commonPoints.map((p) => p.text);
    expect(first).toContain("Daily Mail: “Acme has brought trams back to Leeds city centre");
    // The headline says only what the first point said: it is no report of trams back after a decade.
    expect(second).toMatch(
      /^Two of the four outlets report this, each with its own details; CNN: “Trams run/,
    );
    expect(second).toContain("Daily Mail in the passage quoted above");
    expect(second).not.toContain("Acme tram line opens");
  });
});

describe("a word counted once however it is written (issue 32)", () => {
  // The Hariri verdict's shape: the conviction is the first point; the second adds the year and
  // the office, which the Daily Mail's headline gives as "2005 murder of … PM Jon Brandt".
  const verdict = [
    article("Al Jazeera", "UN court: Varo member guilty in Jan Brandt killing", ""),
    article(
      "Daily Mail",
      "Varo member is found guilty over the 2005 murder of Southland's billionaire PM Jon Brandt",
      "Sal Ortan, 56, was at the centre of an operation which tracked Mr Brandt's movements for months.",
    ),
    article(
      "The Sydney Morning Herald",
      "UN court convicts Varo defendant in Brandt assassination case",
      "A UN-backed court has convicted a member of Northland-backed Varo of conspiring to kill former Southland Prime Minister Jan al-Brandt in a 2005 bombing.",
    ),
    article(
      "Wall Street Journal",
      "Court Convicts Varo Member in Brandt Assassination, Acquits Three Others",
      "An international court convicted a member of Varo of terrorism and homicide over the assassination of Southland’s former Prime Minister Jan Brandt in 2005.",
    ),
  ];

  it("counts an outlet writing 'PM' and 'Brandt' for 'Prime Minister Jan al-Brandt', and not one that retells the first point", async () => {
    // Counted term by term, "Prime Minister", "al-Brandt", "UN-backed" and "Northland-backed" each
    // weighed two or three times against the Daily Mail's one word; Al Jazeera's headline says the
    // conviction only, which the first point told.
    const [, later] = (await analyzeLocally(verdict)).commonPoints;
    expect(later.text).toMatch(/^Three of the four outlets report this.*a 2005 bombing/);
    expect(later.citations).toEqual([1, 2, 3]);
  });

  it("does not count a text holding one form of a word and nothing else of the statement", async () => {
    const result = await analyzeLocally([
      article("BBC News", "Northland-backed rebels seize the port of Varo", ""),
      article("CNN", "Northland backs peace plan for the region", ""),
    ]);
    expect(result.commonPoints).toEqual([]);
  });

  it("does not count an outlet that writes the statement's names and nothing of what happened", async () => {
    expect(
      await countOfPair(
        [
          "BBC News",
          "UN-backed court convicts rebel of plotting to kill former Prime Minister Jan al-Brandt in 2005 bombing",
        ],
        ["CNN", "PM Jan Brandt's widow opens UN library"],
      ),
    ).toBeUndefined();
  });
});
