import { describe, expect, it } from "vitest";
import { isAcronym, isTitleCase } from "@/lib/text/words";

/** The words of a headline as the Title Case test reads them (first word opens the sentence). */
const cased = (text: string) =>
  text.split(" ").map((word, i) => ({ word, capitalised: /^\p{Lu}/u.test(word), sentenceStart: i === 0 }));

describe("isAcronym", () => {
  it("is capitals, digits and dots of at most five letters", () => {
    for (const word of ["US", "U.S.", "U.S", "NASA", "G7", "OPEC", "COVID"])
      expect(isAcronym(word), word).toBe(true);
    for (const word of ["UPDATE", "EXCLUSIVE", "WON'T", "Nasa", "A", "G-7", "us", "7G"])
      expect(isAcronym(word), word).toBe(false);
  });
});

describe("isTitleCase", () => {
  it("reads a headline whose longer content words are capitalised as Title Case", () => {
    expect(isTitleCase(cased("Bull Market Rivals Half Valuation As Demand Broadens"))).toBe(true);
    expect(isTitleCase(cased("Trump Says He Will Postpone G-7 Meeting to Fall"))).toBe(true);
  });

  it("reads names among lowercase words as sentence case, and cannot tell from fewer than two words", () => {
    expect(isTitleCase(cased("Hillary Clinton to endorse Joe Biden"))).toBe(false);
    expect(isTitleCase(cased("Russia approves flu drug against Covid-19"))).toBe(false);
    // "sue", "Mt." and "Gox" are too short to tell.
    expect(isTitleCase(cased("Investors sue Mt. Gox"))).toBe(false);
  });
});
