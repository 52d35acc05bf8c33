/**
 * The local analyzer's checks on overlapping coverage, written independently of the analyzer's
 * own grounding code: plain regexes over the output, plain substring search in the articles.
 * npm test runs them on the feed fixtures (tests/unit/analysis/local-analyzer.test.ts), npm run
 * test:data on the real 2020-05-31 dev feeds (tests/data/local-analyzer-real-coverage.test.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { groundAnalysis } from "@/lib/analysis/grounding";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import type { ProviderAnalysis } from "@/lib/analysis/provider";
import { comparison, type AnalysisArticle } from "@/lib/schemas/analysis";

export interface CoverageCard {
  name: string;
  articles: AnalysisArticle[];
}

/** The words the analyzer's sentence templates capitalise; everything else capitalised must be in an article. */
const TEMPLATE_WORDS = new Set([
  "All",
  "Both",
  "Only",
  "The",
  "They",
  "Their",
  "Its",
  "Details",
  "Outlet",
  "Loaded",
  "No",
  "None",
  "Scores",
  "Mostly",
  "Negative",
  "Positive",
  "Neutral",
  "Mixed",
  "Words",
  "On",
  "A",
  "Negated",
  "In",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
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

const COMMON_POINT = /^(All \w+|Both|\w+ of the \w+) outlets report this; in the words of (.+?): “(.+)”$/s;
/** A point whose outlets give other details: each quoted in its own words ("…; CNBC: “…”; The Hill: “…”"). */
const COMMON_POINT_WORDINGS =
  /^(All \w+|Both|\w+ of the \w+) outlets report this, each with its own details; (.+)$/s;
const WORDING = /(?:^|; )([^;“]+?): “([^”]+)”/g;

/** Whether one of the articles of an outlet writes a quoted passage (its pieces around "…"), quotation marks and spaces folded. */
function wroteIt(articles: AnalysisArticle[], outlet: string, quoted: string): boolean {
  const plain = (t: string) =>
    t.toLowerCase().replace(/[“”"]/g, '"').replace(/[‘’']/g, "'").replace(/\s+/g, " ");
  const parts = quoted
    .split("…")
    .map((x) => x.trim())
    .filter(Boolean);
  return articles
    .filter((a) => a.source === outlet)
    .some((a) => parts.every((part) => plain(articleText(a)).includes(plain(part))));
}
const WORD_COUNTS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];

/** Lowercase words of four letters or more, cut to their first five letters: a plain stand-in for stems. */
function roughWords(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/\p{L}{4,}/gu) ?? [])
      .filter(
        (w) =>
          !/^(?:that|this|with|from|have|been|were|will|would|their|they|said|says|after|about|which|when|than|into|also|more)$/.test(
            w,
          ),
      )
      .map((w) => w.slice(0, 5)),
  );
}

/** The analyzer's contract checks, on the cards `load` returns (each analysed once). */
export function describeLocalAnalyzerOn(title: string, load: () => Promise<CoverageCard[]>): void {
  describe(title, () => {
    const cards: (CoverageCard & { result: ProviderAnalysis })[] = [];

    beforeAll(async () => {
      for (const card of await load()) cards.push({ ...card, result: await analyzeLocally(card.articles) });
    });

    it("picks multi-outlet cards", () => {
      expect(cards.length).toBeGreaterThanOrEqual(3);
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
          for (const i of p.citations)
            expect(i >= 0 && i < articles.length, `${p.text} cites ${i}`).toBe(true);
        }
        for (const p of result.commonPoints) {
          expect(
            new Set(p.citations.map((i) => articles[i].source.toLowerCase())).size,
            p.text,
          ).toBeGreaterThanOrEqual(2);
        }
      }
    });

    it("quotes each common point from a cited article, and every cited article shares most of its words", () => {
      for (const { articles, result } of cards) {
        for (const p of result.commonPoints) {
          const cited = p.citations.map((i) => articles[i]);
          const expectWrote = (outlet: string, quoted: string) =>
            expect(wroteIt(cited, outlet, quoted), `${outlet} wrote ${quoted}`).toBe(true);
          const each = COMMON_POINT_WORDINGS.exec(p.text);
          if (each) {
            // Each wording is quoted from a cited article of the outlet it is attributed to.
            const wordings = [...each[2].matchAll(WORDING)];
            expect(wordings.length, p.text).toBeGreaterThanOrEqual(2);
            for (const [, outlet, quoted] of wordings) expectWrote(outlet, quoted);
            continue;
          }
          const m = COMMON_POINT.exec(p.text);
          expect(m, p.text).not.toBeNull();
          const [, count, outlet, quoted] = m!;
          const outlets = new Set(p.citations.map((i) => articles[i].source.toLowerCase()));
          // "Both", "All four", "Seven of the eight": the first count is the outlets cited.
          const n =
            count === "Both"
              ? 2
              : WORD_COUNTS.indexOf(count.toLowerCase().replace(/^all /, "").split(" ")[0]);
          expect(n, p.text).toBe(outlets.size);
          expectWrote(outlet, quoted);
          const words = roughWords(quoted);
          for (const i of p.citations) {
            const held = [...words].filter((w) => roughWords(articleText(articles[i])).has(w)).length;
            expect(
              held >= Math.min(2, words.size) && held >= 0.25 * words.size,
              `${articles[i].source} shares ${held} of ${words.size} words of ${p.text}`,
            ).toBe(true);
          }
        }
      }
    });

    it("writes no name or number that is not in a cited article (points) or in some article (texts)", () => {
      for (const { articles, result } of cards) {
        for (const p of [...result.commonPoints, ...result.differences]) {
          expect(
            absent(
              p.text,
              p.citations.map((i) => articles[i]),
            ),
            p.text,
          ).toEqual([]);
        }
        for (const text of [
          result.summary,
          result.frontendSummary,
          result.biasAnalysis,
          result.emotionalTone,
        ]) {
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
        const m =
          /^Corroboration: (\d+) of (\d+) compared details \(names, figures\) are reported alike by two or more independent outlets(?:; \d+ figures? conflicts? between outlets and counts? against it)?(?:; figures compared for: [^;]+)?; \d+ details? appears? in one outlet only and (?:is|are) not counted$/.exec(
            result.factualAccuracyMethod,
          );
        expect(m, result.factualAccuracyMethod).not.toBeNull();
        const [supported, checkable] = [Number(m![1]), Number(m![2])];
        expect(supported).toBeLessThanOrEqual(checkable);
        expect(supported).toBeGreaterThan(0); // these cards share names across outlets
        expect(result.factualAccuracy).toBe(Math.round((100 * supported) / checkable));
        expect(result.corroboration).toEqual({ corroborated: supported, total: checkable });
      }
    });

    it("scores bias from the outlets' ratings, within the docs/product.md §9 range", () => {
      for (const { articles, result } of cards) {
        result.articles.forEach((a, i) => {
          expect(a.biasScore).toBeGreaterThanOrEqual(-1);
          expect(a.biasScore).toBeLessThanOrEqual(1);
          const source = articles[i].source;
          if (["CNN", "The Guardian", "Al Jazeera"].includes(source))
            expect(a.biasScore, source).toBeLessThan(0);
          if (source === "Fox News") expect(a.biasScore, source).toBeGreaterThan(0);
          if (["The New York Times", "Daily Mail"].includes(source))
            expect(result.biasAnalysis).toContain(source);
        });
      }
    });

    it("is deterministic", async () => {
      const [{ articles }] = cards;
      expect(await analyzeLocally(articles)).toEqual(await analyzeLocally(articles));
    });
  });
}
