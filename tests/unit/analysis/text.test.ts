import { describe, expect, it } from "vitest";
import { capitalisedRuns, findNumbers, findQuotes, splitSentences, stem, tokenize, withoutQuotes } from "@/lib/analysis/text";

describe("analysis text primitives", () => {
  it("splits sentences but keeps abbreviations whole", () => {
    const text = "U.S. officials met Mr. Smith at 8 p.m. on Friday. Talks ended! Were they useful? Nobody said.";
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      "U.S. officials met Mr. Smith at 8 p.m. on Friday.",
      "Talks ended!",
      "Were they useful?",
      "Nobody said.",
    ]);
  });

  it("finds numbers with separators, decimals and units, but not inside words or dates", () => {
    const found = findNumbers("Covid-19 deaths passed 100,000; a 23-year-old saw rates rise 2.5% and £3.2bn spent by 5/31, at 10.15pm.");
    expect(found.map((n) => [n.text, n.value])).toEqual([
      ["100,000", "100000"],
      ["2.5", "2.5"],
      ["3.2", "3.2"],
      ["10.15", "10.15"],
    ]);
  });

  it("tokenizes names: possessives end them, dotted acronyms match their plain form", () => {
    const tokens = tokenize("George Floyd's death shook the U.S. and the US");
    expect(tokens.filter((t) => t.capitalised).map((t) => [t.text, t.key, t.possessive])).toEqual([
      ["George", "george", false],
      ["Floyd", "floyd", true],
      ["U.S", "us", false],
      ["US", "us", false],
    ]);
    expect(capitalisedRuns("Mayor Ana Ruiz met The Guardian in New York. Then NASA called.").map((r) => r.map((t) => t.text).join(" "))).toEqual([
      "Mayor Ana Ruiz",
      "Guardian",
      "New York",
      "NASA",
    ]);
  });

  it("finds quotations of three words or more and blanks them out", () => {
    const text = "He said “we will rebuild this city” and 'no' then \"this is no longer a protest\".";
    expect(findQuotes(text).map((q) => q.text)).toEqual(["we will rebuild this city", "this is no longer a protest"]);
    expect(withoutQuotes(text)).not.toContain("rebuild");
    expect(withoutQuotes(text)).toHaveLength(text.length);
    expect(findQuotes("Giuliani: 'Progressives don't know how to police' and the officers' union").map((q) => q.text)).toEqual([
      "Progressives don't know how to police",
    ]);
  });

  it("stems inflections to one form", () => {
    expect(new Set(["flooded", "floods", "flooding", "flood"].map(stem))).toEqual(new Set(["flood"]));
    expect(stem("cities")).toBe("city");
    expect(stem("running")).toBe("run");
  });
});
