import { COUNTRY_IDS, type CountryId } from "@/lib/catalog";

/**
 * How the 15 supported countries are named in English headlines: country names, demonyms,
 * capitals and the usual abbreviations. Plain data and a pure function, so the browser can
 * use them too. Matching is case-sensitive on purpose: proper nouns are capitalised, and
 * "US" must not match the pronoun "us".
 */

interface CountryTerms {
  /** Matched as whole words. */
  terms: string[];
  /** Words that, directly before a term, make it mean something else ("New Mexico"). */
  notAfter?: string[];
}

export const COUNTRY_TERMS: Record<CountryId, CountryTerms> = {
  us: {
    terms: ["United States", "US", "U.S.", "USA", "U.S.A.", "America", "American", "Americans", "Washington", "White House"],
    notAfter: ["Latin", "South", "Central", "North", "Native"],
  },
  gb: {
    terms: ["United Kingdom", "UK", "U.K.", "Britain", "British", "Briton", "Britons", "England", "Scotland", "Scottish", "Wales", "Welsh", "London", "Downing Street"],
    // "New England" is in the US and "New South Wales" in Australia; "South Wales" is Welsh.
    notAfter: ["New", "New South"],
  },
  ca: { terms: ["Canada", "Canadian", "Canadians", "Ottawa"] },
  au: { terms: ["Australia", "Australian", "Australians", "Aussie", "Aussies", "Canberra"] },
  de: { terms: ["Germany", "German", "Germans", "Berlin", "Bundestag"] },
  fr: { terms: ["France", "French", "Paris", "Élysée", "Elysee"] },
  jp: { terms: ["Japan", "Japanese", "Tokyo"] },
  in: { terms: ["India", "Indian", "Indians", "New Delhi", "Delhi"], notAfter: ["American", "West", "Native"] },
  br: { terms: ["Brazil", "Brazilian", "Brazilians", "Brasília", "Brasilia"] },
  mx: { terms: ["Mexico", "Mexican", "Mexicans", "Mexico City"], notAfter: ["New", "Gulf of"] },
  it: { terms: ["Italy", "Italian", "Italians", "Rome"] },
  kr: { terms: ["South Korea", "South Korean", "South Koreans", "Korea", "Korean", "Koreans", "Seoul"], notAfter: ["North"] },
  za: { terms: ["South Africa", "South African", "South Africans", "Pretoria", "Cape Town"] },
  ae: { terms: ["United Arab Emirates", "UAE", "U.A.E.", "Emirati", "Emiratis", "Abu Dhabi", "Dubai"] },
  ar: { terms: ["Argentina", "Argentine", "Argentines", "Argentinian", "Argentinians", "Buenos Aires"] },
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// One regex per country, built once. Letters and digits on either side mean a longer word
// ("Indiana", "USB"); a period after an abbreviation is fine ("the U.S.").
const MATCHERS: [CountryId, RegExp][] = COUNTRY_IDS.map((id) => {
  const { terms, notAfter = [] } = COUNTRY_TERMS[id];
  const longestFirst = [...terms].sort((a, b) => b.length - a.length).map(escape);
  const guards = notAfter.map((w) => `(?<!${escape(w)}\\s)`).join("");
  return [id, new RegExp(`(?<![\\p{L}\\p{N}])${guards}(?:${longestFirst.join("|")})(?![\\p{L}\\p{N}])`, "u")];
});

/** The supported countries a text mentions, in catalog order. */
export function detectCountries(text: string): CountryId[] {
  if (!text) return [];
  return MATCHERS.filter(([, re]) => re.test(text)).map(([id]) => id);
}
