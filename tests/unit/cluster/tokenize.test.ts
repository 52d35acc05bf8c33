import { describe, expect, it } from "vitest";
import { vectorizeArticles } from "@/lib/cluster/evidence/features";
import { cosine } from "@/lib/cluster/evidence/vectors";
import { CARD_HEADLINE_WEIGHTS } from "@/lib/cluster/tuning";
import { normalizeNumber, tokenizeText } from "@/lib/cluster/evidence/tokenize";
import { internText, KeyTable, TextInterner, type InternedText } from "@/lib/cluster/evidence/interned-text";
import { generateSyntheticNews } from "@/scripts/bench/synthetic-news";
import { stemWord as stem } from "@/lib/text/terms";
import type { ClusterArticle } from "@/lib/cluster/types";

const terms = (text: string) => tokenizeText(text).tokens.map((t) => t.term);

describe("tokenizeText", () => {
  it("lowercases, drops punctuation and stopwords, and stems as the analysis does (Porter2)", () => {
    expect(terms("The files, filed and filing!")).toEqual(["file", "file", "file"]);
    expect(terms("Companies' studies: stopped falling")).toEqual(["compani", "studi", "stop", "fall"]);
  });

  it("keeps numbers in a canonical form", () => {
    expect(terms("1,000 jobs cut")).toEqual(["1000", "job", "cut"]);
    expect(terms("Inflation hits 5.5% in May")).toEqual(["inflat", "hit", "5.5%"]);
    expect(terms("A $1.8 billion deal")).toEqual(["1.8b", "deal"]);
    expect(terms("A US$1.8bn deal")).toEqual(["1.8b", "deal"]);
    expect(terms("Magnitude 6.1 quake")).toEqual(["magnitud", "6.1", "quak"]);
  });

  it("drops dates, which link unrelated stories of the same day", () => {
    expect(terms("EU week ahead March 10-14: bank resolution")).toEqual([
      "eu",
      "week",
      "ahead",
      "bank",
      "resolut",
    ]);
    expect(terms("Markets on Tuesday, 11 March")).toEqual(["market"]);
  });

  it("marks the evidence for names: capitals mid-sentence, acronyms, inner capitals", () => {
    const { tokens, titleCase } = tokenizeText(
      "Shares of Apple rose after the ECB cut rates and iPhone sales grew",
    );
    expect(titleCase).toBe(false);
    const apple = tokens.find((t) => t.term === "appl")!;
    expect(apple).toMatchObject({ capitalised: true, sentenceStart: false, strongName: false });
    expect(tokens.find((t) => t.term === "ecb")!.strongName).toBe(true);
    expect(tokens.find((t) => t.term === "iphon")!.strongName).toBe(true);
    expect(tokens[0]).toMatchObject({ term: "share", sentenceStart: true });
  });

  it("recognises Title Case headlines, whose capitals prove nothing", () => {
    expect(tokenizeText("Bull Market Rivals Half Valuation As Demand Broadens").titleCase).toBe(true);
    expect(tokenizeText("Mt. Gox files for US bankruptcy protection").titleCase).toBe(false);
  });

  it("joins codes like Covid-19 and G-7, drops links and handles", () => {
    expect(terms("Covid-19 cases rise before G-7 summit")).toEqual([
      "covid19",
      "case",
      "rise",
      "g7",
      "summit",
    ]);
    expect(terms("Watch: http://aje.io/AJSubscribe @AJEnglish www.example.com bbc.co.uk")).toEqual(["watch"]);
    expect(terms("A 4.7-inch screen")).toEqual(["4.7", "inch", "screen"]);
  });

  it("leaves a gap in the positions at punctuation and possessives, so no phrase spans them", () => {
    const adjacent = (text: string, first: string, second: string) => {
      const { tokens } = tokenizeText(text);
      const at = (term: string) => tokens.find((t) => t.term === term)!.position;
      return at(second) - at(first) === 1;
    };
    expect(adjacent("Turkey's Erdogan stages a rally", "turkey", "erdogan")).toBe(false);
    expect(adjacent("Scarborough: Trump uses rhetoric", "scarborough", "trump")).toBe(false);
    expect(adjacent("Tipton, West Midlands police", "tipton", "west")).toBe(false);
    expect(adjacent("Rivals of 'Hitler' speak", "rival", "hitler")).toBe(false);
    // Within a name, and across an abbreviation's dot, the words stay adjacent.
    expect(adjacent("Tipton, West Midlands police", "west", "midland")).toBe(true);
    expect(adjacent("Mt. Gox files for bankruptcy", "mt", "gox")).toBe(true);
  });

  it("drops a day named in the possessive, as it drops the day", () => {
    expect(terms("Monitors for Sunday's election")).toEqual(["monitor", "elect"]);
  });

  it("keeps abbreviations from ending a sentence and reads U.S. as the country", () => {
    const { tokens } = tokenizeText("Mt. Gox files in the U.S. court");
    expect(tokens.map((t) => t.term)).toEqual(["mt", "gox", "file", "usa", "court"]);
    expect(tokens[1].sentenceStart).toBe(false);
  });
});

describe("TextInterner", () => {
  it("gives what internText(tokenizeText(text)) gives, key ids included, text after text", () => {
    const tricky = [
      "A US$1.8bn deal, $5 million billion and three billion: 1,000 jobs",
      "EU week ahead March 10-14: bank resolution \u00a0 Tuesday's vote\u2003at 2:02",
      "“Mt.Gox” files in the U.S. court — ‘Hitler’ `quoted´ iPhone SoftBank ECB",
      "Watch: http://aje.io/AJSubscribe @AJEnglish www.example.com Covid-19 G-7 4.7-inch",
      "Bull Market Rivals Half Valuation As Demand Broadens\tFiles files FILES may May today",
      "\ufeff Élysée naïve café\u3000 '90s 1st £2bn 10k tens of thousands",
      "",
      "   ",
    ];
    const { articles } = generateSyntheticNews(300);
    const texts = [...tricky, ...articles.flatMap((a) => [a.title, a.summary]), ...tricky];
    const reference = new KeyTable();
    const table = new KeyTable();
    const interner = new TextInterner(table);
    // A text's own entries of the arrays, whether it shares them with other texts or not.
    const own = ({ titleCase, start, end, keys, flags, positions, words }: InternedText) => ({
      titleCase,
      keys: [...keys.subarray(start, end)],
      flags: [...flags.subarray(start, end)],
      positions: [...positions.subarray(start, end)],
      words: words.slice(start, end),
    });
    const interned = texts.map((text) => interner.intern(text));
    const expected = texts.map((text) => own(internText(tokenizeText(text), reference)));
    // Compared once all are written: a text keeps its tokens when the arrays grow after it.
    expect(interned.map(own)).toEqual(expected);
    expect([...table.ids]).toEqual([...reference.ids]);
  });
});

describe("stem and normalizeNumber", () => {
  it("fold common inflections onto one stem", () => {
    expect(new Set(["release", "released", "releases", "releasing"].map(stem))).toEqual(new Set(["releas"]));
    expect(stem("bus")).toBe("bus");
  });

  it("return null for text that is no number", () => {
    expect(normalizeNumber("abc")).toBeNull();
    expect(normalizeNumber("2,500")).toBe("2500");
    expect(normalizeNumber("3rd")).toBe("3rd");
  });
});

describe("vectorizeArticles", () => {
  const article = (id: string, title: string, summary = ""): ClusterArticle => ({
    id,
    title,
    summary,
    sourceId: "s",
    publishedAt: new Date(0),
  });

  it("gives unit vectors", () => {
    const { vectors } = vectorizeArticles(
      [article("1", "Apple unveils iPhone 6"), article("2", "Samsung answers Apple")],
      CARD_HEADLINE_WEIGHTS,
    );
    for (const v of vectors) expect(cosine(v, v)).toBeCloseTo(1, 10);
  });

  it("weighs a name above the same word used as a common noun", () => {
    const { vectors } = vectorizeArticles(
      [
        article("1", "Shares of Apple rose", "Analysts said Apple would gain."),
        article("2", "An apple a day keeps doctors away"),
        article("3", "Pear and apple harvest grows"),
      ],
      CARD_HEADLINE_WEIGHTS,
    );
    // Same articles, but the capitalised mentions weigh more, so 1 leans less on its other words.
    const weightOf = (i: number, other: number) => {
      const shared = vectors[i].features.find((f) => vectors[other].features.includes(f))!;
      return vectors[i].weights[vectors[i].features.indexOf(shared)];
    };
    expect(weightOf(0, 1)).toBeGreaterThan(weightOf(2, 1));
  });

  it("joins adjacent names, so 'Mt. Gox' meets 'MtGox'", () => {
    // Without the joined phrase the two would share no feature at all.
    const { vectors } = vectorizeArticles(
      [article("1", "Hackers leak MtGox data"), article("2", "Investors sue Mt. Gox")],
      CARD_HEADLINE_WEIGHTS,
    );
    expect(cosine(vectors[0], vectors[1])).toBeGreaterThan(0.1);
  });

  it("weighs a year as a plain word: it says when, not what happened", () => {
    const { vectors } = vectorizeArticles(
      [
        article("1", "Russian meddling in 2016 and 150 hackers"),
        article("2", "Russian meddling in 2016 and 150 hackers"),
        article("3", "Vote in 2016"),
        article("4", "Poll of 150"),
      ],
      CARD_HEADLINE_WEIGHTS,
    );
    // "2016" and "150" are carried by the same articles, so only the number boost tells them apart.
    const weight = (term: string) => {
      const other = term === "2016" ? vectors[2] : vectors[3];
      const shared = vectors[0].features.filter((f) => other.features.includes(f));
      return vectors[0].weights[vectors[0].features.indexOf(shared[0])];
    };
    expect(weight("150")).toBeCloseTo(weight("2016") * CARD_HEADLINE_WEIGHTS.numberBoost, 10);
  });

  it("keeps the numbers that can conflict, but not years", () => {
    const { vectors } = vectorizeArticles(
      [article("1", "Magnitude 6.1 quake in 2014"), article("2", "Magnitude 7.3 quake")],
      CARD_HEADLINE_WEIGHTS,
    );
    expect(vectors[0].numbers).toHaveLength(1);
    expect(vectors[1].numbers).toHaveLength(1);
  });
});
