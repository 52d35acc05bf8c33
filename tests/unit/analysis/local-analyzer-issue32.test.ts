/**
 * Issue 32's examples for the local analyzer, each on a small card written from the phrases the
 * editors quoted (the stories they come from are held out): a summary that stands alone (no list
 * of bare names, never a denied card), "N of M" counted on meaning, figures paired only when they
 * count the same thing and kept whole, tone and bias read in context, and no stray token (a title's
 * fragment, a byline, a place alone) in an "only" claim.
 */
import { describe, expect, it } from "vitest";
import { article, firstCount } from "@/tests/helpers/small-cards";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";

/** A clause of the summary, quotations aside, that ends in a bare list of names or figures ("CNN gives Toyota Corolla"). */
function bareList(summary: string): string[] {
  const unquoted = summary.replace(/“[^”]*”/g, " QUOTED ");
  return unquoted
    .split(/[.;:](?:\s+|$)/)
    .map((c) => /\b(?:gives?|mentions?|adds?|write about)\s+(.+)$/.exec(c.trim())?.[1])
    .filter((list): list is string => list !== undefined)
    .filter((list) =>
      list
        .split(/\s(?:but|so)\s/)[0]
        .split(/, | and /)
        .every(
          (i) => !i.includes("QUOTED") && i.trim().split(/\s+/).length <= 4 && /^[\p{Lu}\d]/u.test(i.trim()),
        ),
    );
}

const DENIAL = /may not (?:describe|be about) the same|different events|share no statement/i;

describe("a summary that stands alone (issue 32)", () => {
  it("never ends in a bare name: 'CNN gives Toyota Corolla'", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Carmaker recalls a million cars over faulty airbags",
        "The carmaker is recalling a million cars because their airbags can fail, the company said.",
      ),
      article(
        "CNN",
        "A million cars recalled over faulty airbags",
        "The Toyota Corolla is among the million cars recalled because their airbags can fail.",
      ),
    ]);
    expect(bareList(result.summary)).toEqual([]);
    expect(result.summary).not.toMatch(/gives Toyota Corolla/);
    // How coverage differs comes from the outlets' leads.
    expect(result.summary).toMatch(/CNN (?:leads )?with “[^”]*Toyota Corolla/);
  });

  it("never ends in names and a cut figure: 'France 24 gives Alsace and 130 km'", async () => {
    const result = await analyzeLocally([
      article(
        "France 24",
        "France cuts motorway speed limit to save fuel",
        "Drivers in Alsace will face a limit of 110 km/h instead of 130 km/h on motorways from Monday, the government said.",
      ),
      article(
        "BBC News",
        "France lowers motorway speed limit to save fuel",
        "France is lowering its motorway speed limit to save fuel, the government said on Sunday.",
      ),
    ]);
    expect(bareList(result.summary)).toEqual([]);
    const all = [
      result.summary,
      ...result.differences.map((d) => d.text),
      ...(result.figures ?? []).map((f) => f.text),
    ];
    // A unit is kept whole wherever a figure is named.
    for (const text of all) expect(text.replace(/“[^”]*”/g, "")).not.toMatch(/\b130 km(?!\/h)/);
  });

  it("never lists a programme and places: 'Al Jazeera gives Asia-Pacific, China and Inside Story'", async () => {
    const result = await analyzeLocally([
      article(
        "Al Jazeera",
        "What does the new security pact mean for the Asia-Pacific?",
        "Inside Story asks what the new security pact between the US, the UK and Australia means for China.",
      ),
      article(
        "BBC News",
        "US, UK and Australia sign new security pact",
        "The US, the UK and Australia have signed a new security pact, officials said on Thursday.",
      ),
    ]);
    expect(bareList(result.summary)).toEqual([]);
    expect(result.summary).not.toMatch(/gives Asia-Pacific/);
  });

  it("names no fragment of a title and lists no figure: 'The Washington Times gives Benny Gantz and Prime; NPR gives 20 people'", async () => {
    const result = await analyzeLocally([
      article(
        "The Washington Times",
        "Israel's coalition talks stall again",
        // "Prime Minister" straddles the 260 characters a statement shows.
        "Coalition talks in Jerusalem stalled again on Monday as negotiators for the two largest parties failed to agree on who would lead the next government, on the rotation of the premiership and on the budget, with Defence Minister Benny Gantz and Prime Minister Benjamin Netanyahu meeting late into the night.",
      ),
      article(
        "NPR",
        "Israel's coalition talks stall as protests grow",
        "Coalition talks stalled again on Monday as 20 people were detained at protests outside the parliament in Jerusalem.",
      ),
    ]);
    expect(bareList(result.summary)).toEqual([]);
    for (const text of [result.summary, ...result.differences.map((d) => d.text)])
      expect(text.replace(/“[^”]*”/g, "")).not.toMatch(/\bPrime\b/);
  });

  it("never denies the card: the UK gas squeeze, told three ways, is what each outlet leads with", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Ministers hold emergency talks with energy suppliers",
        "Ministers met suppliers on Sunday as wholesale costs climbed for a third week.",
      ),
      article(
        "The Guardian",
        "Fertiliser plants halt production as costs soar",
        "Two plants in the north of England stopped work, cutting supplies of carbon dioxide to food producers.",
      ),
      article(
        "Reuters",
        "Britain says there is no risk of shortages this winter",
        "Business secretary Kwasi Kwarteng said supplies were secure and households would be protected.",
      ),
    ]);
    expect(result.summary).not.toMatch(DENIAL);
    expect(result.summary).toMatch(/^All three outlets tell it their own way: BBC News leads with “/);
    for (const outlet of ["The Guardian", "Reuters"]) expect(result.summary).toContain(`${outlet} with “`);
  });

  it("never denies the card: the AUKUS row, with no sentence shared", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Paris recalls ambassadors in submarine row",
        "Envoys to Washington and Canberra were called home on Friday.",
      ),
      article(
        "The New York Times",
        "Canberra defends scrapping French submarine order",
        "Australian officials said the nuclear-powered boats suited their needs better.",
      ),
    ]);
    expect(result.summary).not.toMatch(DENIAL);
    expect(bareList(result.summary)).toEqual([]);
    expect(result.summary).toMatch(/^Both outlets tell it their own way: BBC News leads with “/);
  });
});

describe('"N of M" counted on meaning, the widest fact first (issue 32)', () => {
  it("counts all four outlets that report the flood first ('Two of the four', a sentence two outlets share, came first)", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Storm Elena: hundreds evacuated in Valencia",
        "Emergency services evacuated 300 residents of the old town of Valencia to shelters on Tuesday night as Storm Elena flooded the city.",
      ),
      article(
        "Reuters",
        "Hundreds evacuated in Valencia",
        "Emergency services evacuated 300 residents of the old town of Valencia to shelters on Tuesday night as Storm Elena flooded the city, officials said.",
      ),
      article("CNN", "Valencia's streets flooded after Storm Elena", "Water filled the old town on Tuesday."),
      article(
        "The Guardian",
        "Storm Elena floods Spain's third city",
        "Valencia's mayor called it the worst storm in decades.",
      ),
    ]);
    expect(firstCount(result.commonPoints)).toBe("All four");
    expect(result.summary).toMatch(
      /^(?:All four outlets report it|In the words of [^,]+, reported by all four outlets)/,
    );
  });

  it("counts CNN's report of the same rally, told with its own details ('Three of the four' left it out)", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Poland's judges law brings crowds to the capital",
        "About 100,000 people rallied in Warsaw on Sunday against the judicial reform.",
      ),
      article(
        "Reuters",
        "Poles protest over courts",
        "Some 80,000 Poles rallied in Warsaw on Sunday against the judicial reform, organisers said.",
      ),
      article(
        "The Guardian",
        "Crowds fill the capital",
        "Tens of thousands rallied in Warsaw on Sunday against the judicial reform passed by the Sejm.",
      ),
      article(
        "CNN",
        "Tusk leads opposition",
        "Opposition leader Donald Tusk told a rally in Warsaw on Sunday that the judicial reform must go.",
      ),
    ]);
    expect(firstCount(result.commonPoints)).toBe("All four");
    expect(result.commonPoints[0].citations).toEqual([0, 1, 2, 3]);
  });

  it("finds the migrants camped under the bridge in four outlets' own words ('camped', 'encamped', 'encampment', 'camp')", async () => {
    const result = await analyzeLocally([
      article("BBC News", "Migrants camp under Texas bridge", "Migrants camped under a bridge in Del Rio."),
      article("CNN", "Migrants encamped in Del Rio", "Migrants are encamped in Del Rio, officials said."),
      article("Fox News", "Migrant encampment in Del Rio", "The migrant encampment in Del Rio is growing."),
      article("Reuters", "Migrants camp in Del Rio", "Migrants camp in Del Rio as numbers grow."),
    ]);
    expect(firstCount(result.commonPoints)).toBe("All four");
  });

  it("finds the deadly strike three outlets report ('strike', 'airstrike', 'air strike')", async () => {
    const result = await analyzeLocally([
      article("BBC News", "Deadly strike on market", ""),
      article("CNN", "Deadly airstrike on market", ""),
      article("Al Jazeera", "Deadly air strike on market", ""),
    ]);
    expect(firstCount(result.commonPoints)).toBe("All three");
  });

  it("finds the fires threatening sequoias in three outlets' own words ('wildfire', 'fires', 'blaze')", async () => {
    const result = await analyzeLocally([
      article("BBC News", "Wildfire threatens giant sequoias", "A wildfire is threatening giant sequoias."),
      article("CNN", "Fires threaten sequoias", "Fires are threatening the sequoias."),
      article("Reuters", "Blaze threatening sequoias", "A blaze is threatening sequoias."),
    ]);
    expect(firstCount(result.commonPoints)).toBe("All three");
    expect(result.summary).not.toMatch(DENIAL);
  });

  it("reads a 'rift over how Gaza should be governed' as the 'divisions over who should govern Gaza'", async () => {
    const result = await analyzeLocally([
      article("BBC News", "Allies show rift over how Gaza should be governed", ""),
      article("The Guardian", "Divisions over who should govern Gaza", ""),
    ]);
    expect(firstCount(result.commonPoints)).toBe("Both");
  });
});

describe("figures paired only when they count the same thing (issue 32)", () => {
  it("does not pair protesters with the people arrested", async () => {
    const result = await analyzeLocally([
      article(
        "CNN",
        "Anti-lockdown protest in Melbourne",
        "Hundreds of anti-lockdown protesters marched through Melbourne on Saturday.",
      ),
      article(
        "The Sydney Morning Herald",
        "Arrests at Melbourne anti-lockdown protest",
        "Police said more than 200 people were arrested at the anti-lockdown protest in Melbourne on Saturday.",
      ),
    ]);
    for (const line of result.figures ?? [])
      expect(line.text).not.toMatch(/hundreds of anti-lockdown protesters.*more than 200 people/);
  });

  it("shows an outlet's most specific figure: BBC's 'at least 10,000', not its 'thousands', beside CNN's 9,500", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Thousands march against climate inaction",
        "Thousands of people marched through the capital on Saturday. Police said at least 10,000 took part.",
      ),
      article(
        "CNN",
        "Climate march draws crowds to the capital",
        "More than 9,500 people marched through the capital on Saturday, police said.",
      ),
    ]);
    const line = (result.figures ?? []).find((f) => f.text.includes("9,500"));
    expect(line?.text).toMatch(/BBC News: at least 10,000/);
    expect(line?.text).not.toMatch(/BBC News: thousands/);
  });

  it("keeps a unit whole: '130 km/h'", async () => {
    const result = await analyzeLocally([
      article(
        "France 24",
        "Motorway limit stays at 130 km/h",
        "The limit on motorways stays at 130 km/h, the minister said.",
      ),
      article(
        "BBC News",
        "France keeps 130 km/h motorway limit",
        "France will keep its 130 km/h limit on motorways, the minister said.",
      ),
    ]);
    expect(result.figures?.map((f) => f.text)).toEqual([
      "The figures agree: France 24: 130 km/h; BBC News: 130 km/h.",
    ]);
  });
});

describe("tone and bias read in context (issue 32)", () => {
  it("scores no verb of motion or plain reporting word as feeling", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Wildfire reaches forest as river rises",
        "The leading candidate said the best estimate was an effective evacuation; officials secured roads, " +
          "would allow residents back, and an ally of the mayor agreed.",
      ),
      article("CNN", "Fire and flood in the valley", "Crews fought the fire in the valley on Monday."),
    ]);
    const plain = /“(?:reaches|rises|leading|best|effective|secured|allow|ally)”/;
    expect(result.emotionalTone).not.toMatch(plain);
    expect(result.biasAnalysis).not.toMatch(plain);
  });

  it("checks 'only one outlet chose' against every outlet's word forms: 'excluded' and 'excludes', 'ally' and 'allies', 'violence' negated", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Talks on the pact exclude France",
        "France was excluded from the talks, and an ally of the president warned of violence.",
      ),
      article(
        "Daily Mail",
        "Pact excludes France from talks",
        "The pact excludes France, whose allies were furious.",
      ),
      article(
        "Fox News",
        "Leaders meet over pact",
        "The president said the row won't descend into violence.",
      ),
    ]);
    const chosen = /Words with a charge only one outlet chose[^.]*\./.exec(result.biasAnalysis)?.[0] ?? "";
    expect(chosen).not.toMatch(/“(?:excluded|ally|violence)”/);
  });

  it("finds loaded words: 'repressive reign', 'rioters', 'notorious'", async () => {
    const result = await analyzeLocally([
      article(
        "Fox News",
        "Rioters storm the square",
        "Rioters stormed the square, ending the repressive reign of a notorious general.",
      ),
      article("Reuters", "Protesters enter the square", "Protesters entered the square on Friday."),
    ]);
    const loaded =
      /Loaded or sensational wording outside quotations: [^.]*\./.exec(result.biasAnalysis)?.[0] ?? "";
    for (const word of ["repressive", "rioters", "notorious"]) expect(loaded).toContain(`“${word}”`);
  });
});

describe("no stray token in an 'only' claim (issue 32)", () => {
  it("never names a reporter's byline: 'Only CNN mentions Rosa Flores'", async () => {
    const result = await analyzeLocally([
      article(
        "CNN",
        "Migrants wait at the border in Del Rio",
        "Thousands of migrants waited at the border in Del Rio on Friday. CNN's Rosa Flores reports from Del Rio.",
      ),
      article(
        "Fox News",
        "Migrants wait in Del Rio",
        "Thousands of migrants waited in Del Rio on Friday, officials said.",
      ),
    ]);
    const said = [result.summary, ...result.differences.map((d) => d.text)].join("\n");
    expect(said.replace(/“[^”]*”/g, "")).not.toMatch(/Rosa Flores/);
  });

  it("never claims a place alone: 'Only The New York Times mentions Manhattan' beside 'New York real estate heir'", async () => {
    const result = await analyzeLocally([
      article(
        "The New York Times",
        "Durst convicted of murder",
        "The jury found the Manhattan real estate heir guilty of murder on Friday in Inglewood.",
      ),
      article(
        "CNN",
        "Robert Durst convicted of murder",
        "New York real estate heir Robert Durst was convicted of murder on Friday.",
      ),
    ]);
    const claims = result.differences.map((d) => d.text.replace(/“[^”]*”/g, ""));
    for (const c of claims) expect(c).not.toMatch(/Manhattan|Inglewood/);
  });
});
