import porter2 from "wink-porter2-stemmer";
import { describe, expect, it } from "vitest";
import { isDateNumber, isRecentYear, isYear, porter2Stem } from "@/lib/text/terms";

// A small deterministic generator, so a failure names the same word on every run.
function* words(count: number, alphabet: string, seed = 7): Generator<string> {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648);
  for (let n = 0; n < count; n++) {
    const length = 1 + (next() % 12);
    let word = "";
    for (let k = 0; k < length; k++) word += alphabet[next() % alphabet.length];
    yield word;
  }
}

describe("porter2Stem", () => {
  it("answers exactly as Porter2 for words it shortcuts: digits, 'y's, '3's and apostrophes inside", () => {
    // Every word here ends outside Porter2's rewritten endings half of the time or more.
    const alphabet = "abfhjkopquvwxz0124567893y'’e";
    let shortcut = 0;
    const differ: string[] = [];
    for (const word of words(100_000, alphabet)) {
      if (porter2Stem(word) !== porter2(word)) differ.push(word);
      if (!"'’3cdegilmnrsty".includes(word[word.length - 1])) shortcut++;
    }
    expect(differ).toEqual([]);
    expect(shortcut).toBeGreaterThan(50_000);
  });

  it("answers exactly as Porter2 for ordinary words and their inflections", () => {
    const alphabet = "abcdefghijklmnopqrstuvwxyz";
    const differ = [...words(50_000, alphabet, 11)].filter((word) => porter2Stem(word) !== porter2(word));
    expect(differ).toEqual([]);
    for (const word of [
      "obama",
      "also",
      "who",
      "mh370",
      "g3",
      "mp3",
      "yo-yo",
      "yoga",
      "covid19",
      "york",
      "iraq",
    ])
      expect(porter2Stem(word), word).toBe(porter2(word));
  });
});

describe("isRecentYear", () => {
  it("reads four digits from 1900 to 2099 as a year, as the clusterer always did: 18xx is a number there", () => {
    for (const y of ["1900", "1999", "2000", "2020", "2099"]) expect(isRecentYear(y), y).toBe(true);
    for (const n of ["1800", "1865", "1899", "2100", "100", "20201", "1,965", "abcd"])
      expect(isRecentYear(n), n).toBe(false);
  });
});

describe("isYear", () => {
  it("reads four digits from 1800 to 2099 as a year, and nothing else", () => {
    for (const y of ["1800", "1865", "1999", "2000", "2020", "2099"]) expect(isYear(y), y).toBe(true);
    for (const n of ["1799", "2100", "100", "20201", "19", "1,865", "abcd"]) expect(isYear(n), n).toBe(false);
  });

  it("is the year test of isDateNumber: a year is a date, a count with a thousands comma is not", () => {
    const at = (text: string, n: string) => isDateNumber(text, text.indexOf(n), text.indexOf(n) + n.length);
    expect(at("The statue went up in 1890 and came down.", "1890")).toBe(true);
    expect(at("Some 1,890 people came.", "1,890")).toBe(false);
    expect(at("Some 2150 people came.", "2150")).toBe(false);
  });
});
