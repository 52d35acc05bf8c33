/**
 * Issue 25's rules for the local analyzer, each on a small card written for it: shared facts
 * found across synonyms and two-word place names, cited only to outlets whose own text gives
 * the quoted sentence's figures and names (others quoted in their own words), figures of one
 * kind set side by side, quotes never said twice, no "only" on a word fragment, bias read from
 * the wording and tone that does not read topic words as feeling.
 */
import { describe, expect, it } from "vitest";
import { article } from "@/tests/helpers/small-cards";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import { clip } from "@/lib/analysis/text/writing";
import { termOf } from "@/lib/text/terms";

describe("shared facts across wording (decision 035)", () => {
  it("folds synonyms and variants onto one term", () => {
    expect(termOf("immigrants")).toBe(termOf("migrants"));
    expect(termOf("journalist")).toBe(termOf("reporter"));
    expect(termOf("contract")).toBe(termOf("deal"));
    expect(termOf("agreement")).toBe(termOf("deal"));
    expect(termOf("UK", true)).toBe(termOf("British"));
    expect(termOf("U.S.", true)).toBe(termOf("American"));
    // Not folded: a word with another common sense.
    expect(termOf("duty")).not.toBe(termOf("tariff"));
  });

  it("finds one fact told with other words by each outlet", async () => {
    const card = [
      article(
        "BBC News",
        "Migrants stranded after deal collapses",
        "Hundreds of migrants were stranded after the deal collapsed.",
      ),
      article(
        "CNN",
        "Immigrants stranded as agreement falls apart",
        "Hundreds of immigrants were left stranded when the agreement fell apart.",
      ),
    ];
    const result = await analyzeLocally(card);
    expect(result.summary).not.toMatch(/share no statement of fact/);
    expect(result.commonPoints.length).toBeGreaterThan(0);
    expect(new Set(result.commonPoints[0].citations.map((i) => card[i].source)).size).toBe(2);
  });

  it("does not say only one outlet mentions the United Kingdom when another writes UK", async () => {
    const result = await analyzeLocally([
      article(
        "CNN",
        "Steroid saves lives of sickest patients",
        "Researchers in the United Kingdom say the steroid dexamethasone saves lives.",
      ),
      article(
        "The Sydney Morning Herald",
        "Cheap steroid cuts deaths, UK-led trial shows",
        "A UK-led trial shows the steroid dexamethasone cut deaths of sickest patients.",
      ),
    ]);
    expect(result.differences.map((d) => d.text).join(" ")).not.toMatch(/United Kingdom/);
  });

  it("cites an outlet for a quoted sentence only when its own text gives the sentence's figures; it quotes the others in their own words", async () => {
    const card = [
      article(
        "Breitbart",
        "Pentagon asked to house 20,000 unaccompanied migrant children",
        "The Pentagon could house as many as 20,000 unaccompanied migrant children on military bases in coming months.",
      ),
      article(
        "CNBC",
        "US Navy drafts plans to house 25,000 immigrants at cost of $233m",
        "The U.S. Navy is drafting plans to house up to 25,000 immigrants on its bases and other facilities, as the Trump administration seeks to ease a crisis on the border.",
      ),
      article(
        "The Hill",
        "Trump administration seeking additional 15,000 beds for detained immigrants: report",
        "The Trump administration is reportedly preparing to expand its use of detention facilities to house immigrants who cross the border illegally.",
      ),
    ];
    const result = await analyzeLocally(card);
    for (const p of result.commonPoints) {
      // Every figure quoted in a point is in the text of the outlet it is attributed to.
      for (const m of p.text.matchAll(/(?:words of )?([A-Z][\w ]+?): “([^”]+)”/g)) {
        const source = m[1];
        for (const figure of m[2].match(/\d[\d,]*/g) ?? []) {
          const own = card.filter((a) => a.source === source || p.text.includes(`words of ${source}`));
          expect(
            own.some((a) => `${a.title} ${a.summary}`.includes(figure)),
            `${figure} in ${source}`,
          ).toBe(true);
        }
      }
      // A sentence quoted as all outlets' words carries no figure one of them lacks.
      const shared = /in the words of ([^:]+): “([^”]+)”/.exec(p.text);
      if (shared)
        for (const figure of shared[2].match(/\d[\d,]*/g) ?? [])
          for (const i of p.citations) expect(`${card[i].title} ${card[i].summary}`).toContain(figure);
    }
  });
});

describe("figures compared (decision 036)", () => {
  it("names figures that cannot both hold a conflict, counts it against factualAccuracy and says what was compared", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Crowd of 10,000 protesters marches on parliament",
        "About 10,000 protesters marched on parliament on Saturday.",
      ),
      article(
        "CNN",
        "Police say 4,000 protesters marched on parliament",
        "Police said 4,000 protesters marched on parliament on Saturday.",
      ),
    ]);
    expect(result.figures?.map((f) => f.text)).toEqual([
      "The figures conflict: BBC News: about 10,000 protesters; CNN: 4,000 protesters.",
    ]);
    expect(result.factualAccuracy).toBeLessThan(100);
    expect(result.factualAccuracyMethod).toMatch(/figures compared for: protest\w* \(conflict\)/);
  });

  it("does not read 'more than 20' and '20 Indian soldiers' as a conflict, nor count it against accuracy", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "More than 20 soldiers killed in border clash",
        "More than 20 soldiers were killed in the border clash, officials said.",
      ),
      article(
        "CNN",
        "20 Indian soldiers dead after border clash",
        "Twenty Indian soldiers died after the border clash, officials said.",
      ),
    ]);
    expect(result.figures?.[0]?.text).toMatch(
      /^The figures agree: BBC News: more than 20 soldiers; CNN: 20 Indian soldiers\.$/,
    );
    expect(result.factualAccuracy).toBe(100);
  });
});

describe("figures of different things, and an outlet's qualified figure (decision 036)", () => {
  it("sets counts of different things side by side without a conflict, each counted phrase whole", async () => {
    const result = await analyzeLocally([
      article(
        "Breitbart",
        "Pentagon asked to house migrant children on military bases",
        "The Pentagon could house as many as 20,000 unaccompanied migrant children on military bases in coming months, after a request by the Department of Health and Human Services.",
      ),
      article(
        "CNBC",
        "US Navy drafts plans to house 25,000 immigrants on military bases",
        "The U.S. Navy is drafting plans to house 25,000 immigrants on its bases and other facilities.",
      ),
    ]);
    const lines = result.figures?.map((f) => f.text) ?? [];
    expect(lines.join("\n")).not.toMatch(/conflict/);
    expect(lines).toContain(
      "The figures count different things: Breitbart: as many as 20,000 unaccompanied migrant children; CNBC: 25,000 immigrants.",
    );
    expect(result.factualAccuracyMethod).not.toMatch(/conflict/);
  });

  it("reads an outlet's range from its qualified figure when it also writes the bare one ('25,000' and 'up to 25,000')", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Pentagon to house migrants on military bases",
        "The Pentagon could house as many as 20,000 migrants on military bases in coming months.",
      ),
      article(
        "CNBC",
        "US Navy drafts plans to house 25,000 immigrants on military bases",
        "The U.S. Navy is drafting plans to house up to 25,000 immigrants on its bases and other facilities.",
      ),
    ]);
    expect(result.figures?.map((f) => f.text)).toEqual([
      "The figures differ but can both hold: BBC News: as many as 20,000 migrants; CNBC: up to 25,000 immigrants.",
    ]);
    expect(result.factualAccuracyMethod).not.toMatch(/conflict/);
  });
});

describe("counts written as words (decision 036)", () => {
  const figuresOf = async (a: string, b: string) =>
    (
      await analyzeLocally([
        article("BBC News", "Pentagon releases videos", a),
        article("CNN", "Pentagon videos out", b),
      ])
    ).figures?.map((f) => f.text) ?? [];

  it("pairs 'three videos' with '3 videos' and 'a dozen officers' with '12 officers'", async () => {
    expect(
      await figuresOf(
        "The Pentagon released three Navy videos of unidentified objects on Monday.",
        "The Pentagon released 3 videos of unidentified objects on Monday.",
      ),
    ).toEqual(["The figures agree: BBC News: three Navy videos; CNN: 3 videos."]);
    expect(
      await figuresOf(
        "About a dozen officers were injured in the clashes in Portland.",
        "12 officers were injured in the clashes in Portland, police said.",
      ),
    ).toEqual(["The figures agree: BBC News: about a dozen officers; CNN: 12 officers."]);
  });

  it("names a conflict between 'two officers' and '5 officers', as between digits", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Officers hurt in Portland",
        "Two officers were injured in the clashes in Portland.",
      ),
      article("CNN", "Officers hurt in Portland", "5 officers were injured in the clashes in Portland."),
    ]);
    expect(result.figures?.map((f) => f.text)).toEqual([
      "The figures conflict: BBC News: Two officers; CNN: 5 officers.",
    ]);
    expect(result.factualAccuracyMethod).toMatch(/figures compared for: officers \(conflict\)/);
  });

  it("reads no count in 'one of', 'two dozen' or a count word without what it counts, nor an 'only' on a count in words", async () => {
    expect(
      await figuresOf(
        "One of the officers said two dozen protesters were held, and three were released.",
        "One officer said 24 protesters were held after the clashes.",
      ),
    ).toEqual([]);
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Seoul and Tokyo talk",
        "The two longtime adversaries met in Seoul for trade talks on Monday.",
      ),
      article(
        "CNN",
        "Seoul and Tokyo talk",
        "Officials from both countries met in Seoul for trade talks on Monday.",
      ),
    ]);
    expect(result.differences.map((d) => d.text).join(" ")).not.toMatch(/two longtime adversaries/);
  });
});

describe("figures in Title Case headlines", () => {
  it("keeps a capitalised size word with its figure ('20 Percent'), never a bare number", async () => {
    const result = await analyzeLocally([
      article(
        "Breitbart",
        "Trump Threatens Europe with a 20 Percent Tariff on Cars",
        "Trump tweeted about tariffs on cars.",
      ),
      article(
        "Reuters",
        "EU to respond to any auto tariff move",
        "The European Union will respond to any move on cars, an official said.",
      ),
    ]);
    const claims = result.differences.map((d) => d.text).join("\n");
    // A headline's capitals are its style: the detail reads as a reader would write it.
    expect(claims).toMatch(/mentions 20 percent/);
    expect(claims).not.toMatch(/20 Percent/);
    expect(claims).not.toMatch(/mentions 20[.:]/);
  });
});

// CNN's report of the Netflix executive's exit, beside which the Guardian's is read.
const netflixCnn = () =>
  article(
    "CNN",
    "Top Netflix exec out after racial slurs",
    "A top Netflix executive has left the company after he used the N-word in front of colleagues on more than one occasion.",
  );

describe("glued paragraphs (decision 053)", () => {
  it("reads a standfirst run into its body without a full stop as two sentences", async () => {
    const result = await analyzeLocally([
      netflixCnn(),
      article(
        "The Guardian",
        "Netflix boss apologises to staff after executive sacked over N-word",
        "Reed Hastings vows to ‘set a better example’ in memo regretting PR chief’s racial slur The head of Netflix has told his staff he needs to “set a better example” after sacking the company’s head of communications for twice using the “N-word” during work meetings.",
      ),
    ]);
    const answer = JSON.stringify(result);
    expect(answer).not.toMatch(/slur The head/);
  });
});

describe("a shared fact needs the outlets' own action (decision 035)", () => {
  const card = [
    article("CNN", "Take that, US. Europe's tariffs take effect", ""),
    article(
      "The Guardian",
      "Trump threatens car tariffs after EU sets up £2.5bn of levies on US",
      "Bourbon whiskey, Levi’s and Harley-Davidson on list as EU measures comes into force Donald Trump has threatened to widen the mounting trade dispute between US and the EU by imposing tariffs on European cars, after Brussels made good on its threat of retaliatory levies on American products including bourbon whiskey.",
    ),
    article(
      "Breitbart",
      "Trump Threatens Europe with a 20 Percent Tariff on Cars",
      "Trump tweeted that the U.S. would impose tariffs on auto imports if the EU does not drop its ten percent duty on American made cars.",
    ),
    article(
      "Reuters",
      "EU to respond to any U.S. auto tariff move: report",
      "PARIS (Reuters) - The European Union will respond to any U.S. move to raise tariffs on cars made in the bloc, a senior European Commission official said, the latest comments in an escalating trade row.",
    ),
  ];

  it("does not credit the EU's response to outlets that report Trump's threat", async () => {
    const result = await analyzeLocally(card);
    for (const p of result.commonPoints) {
      const cited = p.citations.map((i) => card[i].source);
      // Credited with Reuters' sentence, not quoted in their own words: The Guardian and Breitbart never.
      if (/in the words of Reuters: “EU to respond/.test(p.text)) {
        expect(cited).not.toContain("The Guardian");
        expect(cited).not.toContain("Breitbart");
      }
      // Nor is Reuters, which reports the response, credited with The Guardian's sentence on the threat.
      if (/in the words of The Guardian: “Trump threatens/.test(p.text))
        expect(cited).not.toContain("Reuters");
    }
    // Trump's threat is still the outlets' shared fact.
    expect(result.commonPoints.some((p) => /Trump/.test(p.text) && /[Tt]hreat/.test(p.text))).toBe(true);
  });

  it("says what each outlet leads with when they share names but no statement, never that they may describe different events (issue 32)", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Turkey's elections explained in 100 and 500 words",
        "Turkey's elections will decide if President Erdogan will stay in power. Here's what you need to know.",
      ),
      article(
        "Reuters",
        "Turkey's Erdogan, main rival stage final election rallies",
        "ISTANBUL (Reuters) - President Tayyip Erdogan and his main challenger, Muharrem Ince, made a final push for support at rival rallies in Istanbul on Saturday, a day before presidential and parliamentary elections widely viewed as the most crucial in Turkey for decades.",
      ),
    ]);
    expect(result.commonPoints).toEqual([]);
    // No list of the names they share ("write about Tayyip Erdogan and Turkey"): each outlet's lead.
    expect(result.summary).toBe(
      "Both outlets tell it their own way: BBC News leads with “Turkey's elections explained in 100 and 500 words”; " +
        "Reuters with “Turkey's Erdogan, main rival stage final election rallies”.",
    );
    expect(result.summary).not.toMatch(/may not describe the same event|share no statement/);
  });
});

describe("a fact the outlets state negatively (decisions 035, 051)", () => {
  it("finds 'was not injured' and a headline's 'not injured' as one shared fact, with no contradiction", async () => {
    const card = [
      article(
        "BBC News",
        "Zimbabwe President Mnangagwa survives Bulawayo explosion",
        "President Mnangagwa was leaving the stage in Bulawayo when the explosion hit but was not injured.",
      ),
      article(
        "The Guardian",
        "Zimbabwe president survives apparent assassination attempt",
        "Emmerson Mnangagwa not injured following explosion at stadium during election rally Emmerson Mnangagwa, the president of Zimbabwe, has escaped an apparent assassination attempt during an election campaign rally in the southern city of Bulawayo.",
      ),
    ];
    const result = await analyzeLocally(card);
    const negated = result.commonPoints.filter((p) => /not injured/.test(p.text));
    expect(negated).toHaveLength(1);
    expect(new Set(negated[0].citations.map((i) => card[i].source))).toEqual(
      new Set(["BBC News", "The Guardian"]),
    );
    expect(result.differences.map((d) => d.text).join(" ")).not.toMatch(/contradict/);
  });

  it("still credits no negated sentence to an outlet that states the act plainly", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Mali president seized",
        "President Keita was not injured when soldiers seized him at his residence in Bamako.",
      ),
      article(
        "CNN",
        "Mali president injured",
        "President Keita was injured when soldiers seized him at his residence in Bamako.",
      ),
    ]);
    expect(result.commonPoints.some((p) => /not injured/.test(p.text) && p.citations.length > 1)).toBe(false);
  });
});

describe("vague magnitudes as figures (decision 036)", () => {
  it("sets 'tens of thousands', 'around 100,000 supporters' and 'thousands of people' side by side as counts that can both hold", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Brexit: Marchers demand final Brexit deal vote",
        "Thousands of people march in London on the second anniversary of the UK's vote to leave the EU.",
      ),
      article(
        "The Guardian",
        "Anti-Brexit protest: thousands march two years after referendum",
        "Tens of thousands make way to Parliament Square in London as leave supporters also gather.",
      ),
      article(
        "Reuters",
        "Thousands join London march to demand Brexit deal referendum",
        "Around 100,000 supporters of the European Union marched through central London on Saturday to demand a final public vote on the terms of Brexit, organizers said.",
      ),
    ]);
    const line = result.figures?.find((f) => /100,000/.test(f.text));
    expect(line?.text).toMatch(/^The figures differ but can both hold: /);
    expect(line?.text).toMatch(/BBC News: thousands of people/);
    expect(line?.text).toMatch(/The Guardian: tens of thousands/);
    expect(line?.text).toMatch(/Reuters: around 100,000 supporters/);
    expect(result.factualAccuracyMethod).not.toMatch(/conflict/);
    expect(result.differences.map((d) => d.text).join(" ")).not.toMatch(
      /Only Reuters mentions around 100,000/,
    );
  });

  it("names a conflict only where a count lies below the least a magnitude allows", async () => {
    const pair = async (a: string, b: string) =>
      (
        await analyzeLocally([
          article("BBC News", "Protest in Portland", a),
          article("CNN", "Protest in Portland", b),
        ])
      ).figures?.map((f) => f.text) ?? [];
    expect(
      await pair(
        "Thousands of protesters gathered outside the courthouse in Portland.",
        "About 500 protesters gathered outside the courthouse in Portland.",
      ),
    ).toEqual(["The figures conflict: BBC News: thousands of protesters; CNN: about 500 protesters."]);
    expect(
      await pair(
        "Dozens of protesters gathered outside the courthouse in Portland.",
        "About 60 protesters gathered outside the courthouse in Portland.",
      ),
    ).toEqual([
      "The figures differ but can both hold: BBC News: dozens of protesters; CNN: about 60 protesters.",
    ]);
  });
});

describe("quotes, repeats and the summary (decision 037)", () => {
  it("cuts a long passage at the end of a clause, never before who was included", () => {
    const text =
      "The ministers agreed a package of measures on Friday after talks that ran through the night, including new limits on imports of steel, aluminium and cars from several countries";
    const cut = clip(text, 120);
    expect(cut).toBe(
      "The ministers agreed a package of measures on Friday after talks that ran through the night…",
    );
    expect(cut).not.toMatch(/including…$/);
  });

  it("quotes each passage once across summary, points, angles and differences, and makes no 'only' claim on a fragment", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Soldiers seize Mali President Ibrahim Boubacar Keita",
        "France and regional bloc Ecowas have condemned the mutiny that began with gunfire early on Tuesday.",
      ),
      article(
        "CNN",
        "Mali soldiers reportedly arrest president and PM",
        "Troops in Mali have arrested the country's President Ibrahim Boubacar Keita and Prime Minister Boubou Cisse in a suspected coup.",
      ),
    ]);
    const items = [
      result.summary,
      ...[...result.commonPoints, ...(result.angles ?? []), ...result.differences].map((p) => p.text),
    ];
    const quotes = items.flatMap((t) => [...t.matchAll(/“([^”]+)”/g)].map((m) => m[1]));
    // The summary may restate the first shared fact; nothing else is quoted twice.
    const summaryQuotes = [...result.summary.matchAll(/“([^”]+)”/g)].length;
    expect(quotes.length - new Set(quotes).size).toBeLessThanOrEqual(summaryQuotes);
    const claims = result.differences.map((d) => d.text).join("\n");
    expect(claims).not.toMatch(/mentions (?:PM|Prime|Ecowas)\b/);
    expect(result.summary).not.toMatch(/Only /);
  });
});

describe("one-word name fragments (decision 037)", () => {
  it("makes no 'only' item nor summary name of a word before a number ('Falcon' of 'Falcon 9') or a rank alone ('Major')", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Nasa astronauts launch from US soil",
        "Astronauts Doug Hurley and Bob Behnken lifted off from Florida for the space station on Saturday.",
      ),
      article(
        "Daily Mail",
        "NASA and Elon Musk's SpaceX successfully launch Falcon 9",
        "The Falcon 9 rocket lifted off from Florida carrying astronauts to the space station on Saturday.",
      ),
      article(
        "The Guardian",
        "Oil output to rise as Opec reaches compromise",
        "Delegates say talks were fraught – Brent crude rises 2% Major oil producers agreed in Vienna to pump more crude.",
      ),
    ]);
    const said = [result.summary, ...result.differences.map((d) => d.text)].join("\n");
    expect(said).not.toMatch(/\bFalcon\b(?! 9)/);
    expect(said).not.toMatch(/mentions (?:[^:\n]*, )?Major\b|gives (?:[^.\n]*, )?Major\b/);
    // A full name beside it is still the outlet's own detail.
    expect(said).toMatch(/Elon Musk/);
  });
});

describe("bias wording and tone (decision 038)", () => {
  const verdict = [
    article(
      "BBC News",
      "Man guilty of murdering his friend in Leeds",
      "A man has been found guilty of murdering his friend after a row outside a pub in Leeds.",
    ),
    article(
      "Daily Mail",
      "Evil thug guilty of murdering pal in savage pub attack",
      "An evil thug was found guilty of murdering his pal in a savage attack outside a pub in Leeds.",
    ),
  ];

  it("does not read a topic word (the victim's 'friend') or the story's shared words as an outlet's feeling", async () => {
    const result = await analyzeLocally(verdict);
    expect(result.emotionalTone).not.toMatch(/“friend”/);
    // "guilty" and "murdering" are what both report: the subject, not either outlet's wording.
    expect(result.emotionalTone).not.toMatch(/“guilty”|“murdering”/);
    expect(result.emotionalTone).toMatch(/“evil”|“savage”/);
  });

  it("shows the charged words one outlet chose, and says when the scores are the ratings alone", async () => {
    const result = await analyzeLocally(verdict);
    expect(result.biasAnalysis).toMatch(
      /Words with a charge only one outlet chose, outside quotations: Daily Mail “[a-z]+”/,
    );
    expect(result.biasAnalysis).toMatch(/the scores are the ratings alone/);
  });
});

describe("names joined by a particle (decision 037)", () => {
  it("reads 'Juan de Oñate' as one name, not 'Juan' and 'Oñate'", async () => {
    const result = await analyzeLocally([
      article(
        "The New York Times",
        "Man is shot at protest over statue of New Mexico's conquistador",
        "Two statues of Juan de Oñate are being removed after long-simmering tension between Native Americans and Hispanics over Spain's conquest of New Mexico.",
      ),
      article(
        "Fox News",
        "Former council candidate charged in New Mexico protest shooting",
        "A former city council candidate was charged after a man was shot at a protest over a statue in New Mexico.",
      ),
    ]);
    const said = [result.summary, ...result.differences.map((d) => d.text)].join("\n");
    expect(said).toContain("Juan de Oñate");
    expect(said).not.toMatch(/\bJuan, Oñate\b|\bJuan and Oñate\b/);
  });
});

describe("figures as 'only' details (decision 037)", () => {
  it("says one figure once per outlet however it is written ('$233m' and '$233 million', '15,000 beds' and '15,000 more beds')", async () => {
    const result = await analyzeLocally([
      article(
        "CNBC",
        "US Navy drafts plans to house immigrants at cost of $233m",
        "The U.S. Navy is drafting plans to house immigrants on its bases, at an estimated cost of about $233 million over six months, as the administration seeks to ease a crisis on the Mexican border.",
      ),
      article(
        "The Hill",
        "Trump administration seeking additional 15,000 beds for detained immigrants: report",
        "The Trump administration is seeking 15,000 more beds to house immigrants who cross the border, a report says.",
      ),
      article(
        "Breitbart",
        "Pentagon asked to house migrant children on bases",
        "The Pentagon could house migrant children on military bases after a request by the Department of Health and Human Services.",
      ),
    ]);
    const only = [result.summary, ...result.differences.map((d) => d.text)];
    expect(
      only.filter((t) => /\$233(?:m| million)/.test(t) && /Only CNBC/.test(t)).length,
    ).toBeLessThanOrEqual(1);
    expect(only.filter((t) => /Only The Hill mentions[^:]*15,000/.test(t)).length).toBeLessThanOrEqual(1);
    expect(
      result.differences.filter((d) => /Only The Hill/.test(d.text) && /15,000/.test(d.text)),
    ).toHaveLength(1);
  });

  it("gives no bare number as a detail: not a length ('in 100 and 500 words') nor a ratio's part ('one in 25')", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Turkey's elections explained in 100 and 500 words",
        "Turkey's elections will decide if President Erdogan will stay in power.",
      ),
      article(
        "Reuters",
        "Turkey votes as Erdogan faces strong challenge",
        "Turkey's elections will decide if President Erdogan will stay in power, with Muharrem Ince drawing huge crowds in Istanbul.",
      ),
      article(
        "Daily Mail",
        "Steroid dexamethasone cuts deaths in the sickest patients",
        "The results from the RECOVERY trial - led by Oxford University - suggest the steroid can prevent death in one in eight ventilated coronavirus patients and one in 25 on oxygen.",
      ),
    ]);
    const said = [result.summary, ...result.differences.map((d) => d.text)].join("\n");
    expect(said).not.toMatch(/gives 100\b|mentions 100\b|100 and 500(?! words)/);
    expect(said).not.toMatch(/\band 25\b(?! on)|mentions 25\b|gives 25\b/);
  });
});

describe("a question states no shared fact (decision 035)", () => {
  it("never quotes a question headline as what the outlets report", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Kim Jong-un: Who might lead N Korea without Kim?",
        "The enigmatic sister and a spymaster are contenders, as rumours swirl over Kim Jong-un's health.",
      ),
      article(
        "CNN",
        "Trump adds to confusion over Kim Jong Un's health status",
        "President Donald Trump added to the sense of confusion surrounding the health of North Korean leader Kim Jong Un on Monday.",
      ),
      article(
        "Daily Mail",
        "US scrambles spy planes to monitor North Korea amid Kim Jong Un death rumours",
        "Rumours about the health of North Korea's leader Kim Jong Un swirled as US spy planes flew over the peninsula.",
      ),
    ]);
    expect(result.summary).not.toContain("Who might lead");
    for (const p of result.commonPoints) expect(p.text).not.toContain("Who might lead");
  });

  it("says what each outlet leads with when they ask the same question, never that they may describe different events", async () => {
    const result = await analyzeLocally([
      article(
        "BBC News",
        "Kim Jong-un: Who might lead North Korea without Kim?",
        "The enigmatic sister and a spymaster are named as contenders.",
      ),
      article(
        "CNN",
        "Who would lead North Korea without Kim Jong Un?",
        "Analysts in Seoul weigh the options.",
      ),
    ]);
    expect(result.commonPoints).toEqual([]);
    expect(result.summary).toMatch(
      /^Both outlets tell it their own way: BBC News leads with “Kim Jong-un: Who might lead North Korea without Kim\?”; CNN with “Who would lead North Korea without Kim Jong Un\?”$/,
    );
    expect(result.summary).not.toMatch(/may not describe the same event|share no statement/);
  });
});

describe("a difference's quote holds what it is quoted for (decision 037)", () => {
  it("does not quote a sentence cut before the name it is cited for", async () => {
    const sentence =
      "Reed Hastings vows to set a better example in a memo to his staff. The video streaming company’s founder and chief executive told his staff in a memo on Friday that he had been wrong not to act sooner over what happened in two meetings, and that the former communications chief Jonathan Friedland had used the word in front of colleagues on more than one occasion.";
    const result = await analyzeLocally([
      netflixCnn(),
      article(
        "The Guardian",
        "Netflix boss apologises to staff after executive sacked over N-word",
        sentence,
      ),
    ]);
    const claims = result.differences.filter((d) => d.text.includes("Jonathan Friedland"));
    expect(claims.length).toBeGreaterThan(0);
    for (const d of claims) {
      const quote = /“(.*)”$/.exec(d.text)?.[1];
      if (quote !== undefined) expect(quote).toContain("Jonathan Friedland");
    }
  });
});
