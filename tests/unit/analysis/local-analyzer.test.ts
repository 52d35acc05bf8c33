import { beforeAll, describe, expect, it } from "vitest";
import { groundAnalysis } from "@/lib/analysis/grounding";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import type { ProviderAnalysis } from "@/lib/analysis/provider";
import { comparison, type AnalysisArticle } from "@/lib/schemas/analysis";
import { STORM } from "@/tests/fixtures/analysis-articles";
import { CREWED_LAUNCH, devCard, devLongCards, PROTESTS } from "@/tests/helpers/dev-feeds";

/**
 * The local analyzer on real overlapping coverage (2020-05-31 dev feeds). The checks are
 * written independently of the analyzer's own grounding code: plain regexes over the output,
 * plain substring search in the articles.
 */

/** The words the analyzer's sentence templates capitalise; everything else capitalised must be in an article. */
const TEMPLATE_WORDS = new Set([
  "All", "Both", "Only", "The", "They", "Their", "Its", "Details", "Outlet", "Loaded", "No", "None", "Scores",
  "Mostly", "Negative", "Positive", "Neutral", "Mixed", "Words", "On", "A",
]);

const articleText = (a: AnalysisArticle) => `${a.source}\n${a.title}\n${a.summary}\n${a.content}`;

function capitalisedWords(text: string): string[] {
  return [...text.matchAll(/(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}’'.-]*/gu)]
    .map((m) => m[0].replace(/['’]s$/, "").replace(/[.'’-]+$/, ""))
    .filter((w) => w && !TEMPLATE_WORDS.has(w));
}

function numbersIn(text: string): string[] {
  return [...text.matchAll(/\d(?:[\d,.]*\d)?/g)].map((m) => m[0]);
}

/** Names and numbers of a text that none of the given articles contains (case-sensitive). */
function absent(text: string, articles: AnalysisArticle[]): string[] {
  const texts = articles.map(articleText);
  return [...capitalisedWords(text), ...numbersIn(text)].filter((w) => !texts.some((t) => t.includes(w)));
}

/** "All cited reports mention A, B and C." → ["A", "B", "C"] */
function listedFacts(text: string): string[] {
  const list = /^(?:All|Both) cited reports mention (.+?)\.(?: |$)/.exec(text)?.[1] ?? "";
  return list.split(/, | and /).map((s) => s.replace(/^“|”$/g, ""));
}

const cards: { name: string; articles: AnalysisArticle[]; result: ProviderAnalysis }[] = [];

beforeAll(async () => {
  for (const [name, keywords] of [["protests", PROTESTS], ["crewed launch", CREWED_LAUNCH]] as const) {
    const articles = await devCard(keywords);
    cards.push({ name, articles, result: await analyzeLocally(articles) });
  }
  cards.push({ name: "storm fixture", articles: STORM, result: await analyzeLocally(STORM) });
  // Long same-day cards (ten outlets, about 5,000 characters each), as the benchmark uses.
  for (const [k, articles] of (await devLongCards(4)).entries()) cards.push({ name: `long card ${k}`, articles, result: await analyzeLocally(articles) });
});

describe("local analyzer on real coverage", () => {
  it("picks real multi-outlet cards from the dev feeds", () => {
    for (const { articles } of cards) {
      expect(new Set(articles.map((a) => a.source)).size).toBeGreaterThanOrEqual(3);
    }
  });

  it("answers in the contract's shape, with common points and differences", () => {
    for (const { articles, result } of cards) {
      expect(comparison.omit({ cached: true, generatedAt: true }).parse(result)).toEqual(result);
      expect(result.commonPoints.length).toBeGreaterThan(0);
      expect(result.differences.length).toBeGreaterThan(0);
      expect(result.articles.map((a) => a.index)).toEqual(articles.map((_, i) => i));
      expect(result.articles.map((a) => a.source)).toEqual(articles.map((a) => a.source));
    }
  });

  it("cites only existing articles, and common points cite at least two distinct outlets", () => {
    for (const { articles, result } of cards) {
      for (const p of [...result.commonPoints, ...result.differences]) {
        expect(p.citations.length).toBeGreaterThan(0);
        for (const i of p.citations) expect(i >= 0 && i < articles.length, `${p.text} cites ${i}`).toBe(true);
      }
      for (const p of result.commonPoints) {
        expect(new Set(p.citations.map((i) => articles[i].source.toLowerCase())).size, p.text).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it("says of each common point only what every cited article contains", () => {
    for (const { articles, result } of cards) {
      for (const p of result.commonPoints) {
        const facts = listedFacts(p.text);
        expect(facts.length, p.text).toBeGreaterThan(0);
        for (const i of p.citations) {
          // "U.S." mentions the US.
          const text = articleText(articles[i]).replace(/\./g, "");
          for (const fact of facts.map((f) => f.replace(/\./g, ""))) {
            // A surname alone stands for the full name ("Floyd's death" mentions George Floyd).
            const ok = text.toLowerCase().includes(fact.toLowerCase()) || text.includes(fact.split(" ").at(-1)!);
            expect(ok, `${articles[i].source} should contain "${fact}" (${p.text})`).toBe(true);
          }
        }
      }
    }
  });

  it("says 'only' of a name, figure or quotation no other outlet has", () => {
    for (const { articles, result } of cards) {
      for (const d of result.differences) {
        const only = /^Only (.+?) (mentions|quotes|gives the figure) (.+)\.$/.exec(d.text);
        if (!only) continue;
        const [, outlet, kind, rest] = only;
        // What the other outlets' articles say (their source names are not part of it).
        const others = articles.filter((a) => a.source !== outlet).map((a) => `${a.title}\n${a.summary}\n${a.content}`);
        const claims =
          kind === "mentions" ? rest.split(/, | and /)
          : kind === "quotes" ? [rest.replace(/^“|”$/g, "").replace(/…$/, "")]
          : [/^[\d,.]+/.exec(rest)![0]].filter((n) => Number(n.replace(/,/g, "")) >= 10);
        const said = (t: string, c: string) => (/^\d/.test(c) ? new RegExp(`(?<![\\d,.])${c.replace(/\./g, "\\.")}(?![\\d,])`).test(t) : t.includes(c));
        for (const c of claims) expect(others.some((t) => said(t, c)), `${d.text}: "${c}" is elsewhere too`).toBe(false);
      }
    }
  });

  it("writes no name or number that is not in a cited article (points) or in some article (texts)", () => {
    for (const { articles, result } of cards) {
      for (const p of [...result.commonPoints, ...result.differences]) {
        expect(absent(p.text, p.citations.map((i) => articles[i])), p.text).toEqual([]);
      }
      for (const text of [result.summary, result.frontendSummary, result.biasAnalysis, result.emotionalTone]) {
        expect(absent(text, articles), text).toEqual([]);
      }
    }
  });

  it("passes the grounding checker untouched", async () => {
    for (const { articles, result } of cards) {
      const { analysis, report } = await groundAnalysis(result, articles);
      expect(report.notes).toEqual([]);
      expect(analysis).toEqual(result);
    }
  });

  it("reports factualAccuracy as the corroboration score its method sentence states", () => {
    for (const { result } of cards) {
      const m = /^Corroboration: (\d+) of (\d+) checkable claims \(names, numbers\) appear in at least two independent outlets$/.exec(
        result.factualAccuracyMethod,
      );
      expect(m, result.factualAccuracyMethod).not.toBeNull();
      const [supported, checkable] = [Number(m![1]), Number(m![2])];
      expect(supported).toBeLessThanOrEqual(checkable);
      expect(supported).toBeGreaterThan(0); // these cards share names across outlets
      expect(result.factualAccuracy).toBe(Math.round((100 * supported) / checkable));
    }
  });

  it("scores bias from the outlets' ratings, within the SPEC §9 range", () => {
    for (const { articles, result } of cards) {
      result.articles.forEach((a, i) => {
        expect(a.biasScore).toBeGreaterThanOrEqual(-1);
        expect(a.biasScore).toBeLessThanOrEqual(1);
        const source = articles[i].source;
        if (["CNN", "The Guardian", "Al Jazeera"].includes(source)) expect(a.biasScore, source).toBeLessThan(0);
        if (source === "Fox News") expect(a.biasScore, source).toBeGreaterThan(0);
        if (["The New York Times", "Daily Mail"].includes(source)) expect(result.biasAnalysis).toContain(source);
      });
    }
  });

  it("is deterministic", async () => {
    const articles = await devCard(PROTESTS);
    expect(await analyzeLocally(articles)).toEqual(await analyzeLocally(articles));
  });
});

describe("local analyzer edge cases", () => {
  it("ignores the page's placeholders for related articles", async () => {
    const related = (title: string, source: string): AnalysisArticle => ({ title, source, summary: "Related article", content: "Content not available" });
    const result = await analyzeLocally([
      related("Storm Elena floods Valencia", "BBC News"),
      related("Valencia under water after Storm Elena", "CNN"),
    ]);
    const all = JSON.stringify(result).toLowerCase();
    expect(all).not.toContain("related article");
    expect(all).not.toContain("content not available");
    expect(result.commonPoints[0]).toMatchObject({ text: expect.stringMatching(/^Both cited reports mention Storm Elena\b/), citations: [0, 1] });
  });

  it("says so when all articles come from one outlet, and corroborates nothing", async () => {
    const result = await analyzeLocally([STORM[0], { ...STORM[1], source: "bbc news" }]);
    expect(result.commonPoints).toEqual([]);
    expect(result.differences).toEqual([]);
    expect(result.factualAccuracy).toBe(0);
    expect(result.summary).toMatch(/^BBC News is the only outlet in this card/);
  });

  it("counts loaded wording in the outlet's own voice only, not in quotations", async () => {
    const base = { title: "Council vote on housing", summary: "", source: "BBC News" };
    const own = await analyzeLocally([{ ...base, content: "The radical left council pushed the plan through." }, { ...STORM[2] }]);
    const quoted = await analyzeLocally([{ ...base, content: "A critic called it “a radical left council plan” on Monday." }, { ...STORM[2] }]);
    expect(own.articles[0].biasScore).toBeGreaterThan(0);
    expect(own.biasAnalysis).toContain("“radical left”");
    expect(quoted.articles[0].biasScore).toBe(0);
  });

  it("reads tone from the sentiment word list", async () => {
    const good = { title: "Rescue success", source: "CNN", summary: "", content: "A wonderful, joyful rescue: everyone is safe and happy, and the town celebrates." };
    const bad = { title: "Deadly crash", source: "Fox News", summary: "", content: "A terrible, deadly crash killed three people and injured many; officials fear more deaths." };
    const result = await analyzeLocally([good, bad]);
    expect(result.articles.map((a) => a.sentiment)).toEqual(["positive", "negative"]);
    expect(result.emotionalTone).toMatch(/^Mixed: /);
  });

  it("gives an unknown outlet no rating and a neutral score", async () => {
    const result = await analyzeLocally([{ ...STORM[0], source: "Valencia Daily" }, STORM[1]]);
    expect(result.articles[0].biasScore).toBe(0);
    expect(result.biasAnalysis).toContain("Valencia Daily unrated");
  });
});
