import { describe, expect, it } from "vitest";
import { COUNTRY_IDS } from "@/lib/catalog";
import { COUNTRY_TERMS, detectCountries } from "@/lib/sources/countries";

describe("detectCountries", () => {
  it.each([
    ["Trump meets Macron in Paris", ["fr"]],
    ["U.S. and UK agree trade terms", ["us", "gb"]],
    ["US stocks rally as the Fed holds rates", ["us"]],
    ["Join us for the show", []],
    ["Germans vote; Berlin reacts", ["de"]],
    ["Japanese and South Korean leaders meet in Tokyo", ["jp", "kr"]],
    ["North Korea fires a missile", []],
    ["Rain in New Mexico and New South Wales", []],
    ["Storms in South Wales", ["gb"]],
    ["Indiana votes; West Indian cricket", []],
    ["Talks in New Delhi and Brasília", ["br", "in"]],
    ["Emirati investors eye Buenos Aires and Mexico City", ["mx", "ae", "ar"]],
    ["Italy's Rome and South Africa's Pretoria", ["it", "za"]],
    ["Canadian and Australian envoys", ["ca", "au"]],
    ["Latin American markets, North America trade", []],
    ["A USB stick and the UKIP party", []],
    ["", []],
  ])("%s", (text, expected) => {
    expect(detectCountries(text).sort()).toEqual([...expected].sort());
  });

  it("knows a name, a demonym and a capital (or capital city) for each of the 15 countries", () => {
    expect(Object.keys(COUNTRY_TERMS).sort()).toEqual([...COUNTRY_IDS].sort());
    for (const id of COUNTRY_IDS) {
      expect(COUNTRY_TERMS[id].terms.length, id).toBeGreaterThanOrEqual(3);
      for (const term of COUNTRY_TERMS[id].terms)
        expect(detectCountries(`News from ${term} today`), `${id}: ${term}`).toContain(id);
    }
  });
});
