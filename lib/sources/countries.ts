/**
 * How the 15 supported countries are named in English headlines: country names, demonyms,
 * capitals and the usual abbreviations. Plain data and a pure function, so the browser can
 * use them too. Matching is case-sensitive on purpose: proper nouns are capitalised, and
 * "US" must not match the pronoun "us".
 */

import { COUNTRY_IDS, type CountryId } from "@/lib/catalog";

interface CountryTerms {
  /** Matched as whole words. */
  terms: string[];
  /** Words that, directly before a term, make it mean something else ("New Mexico"). */
  notAfter?: string[];
}

export const COUNTRY_TERMS: Record<CountryId, CountryTerms> = {
  us: {
    terms: [
      "United States",
      "US",
      "U.S.",
      "USA",
      "U.S.A.",
      "America",
      "American",
      "Americans",
      "Washington",
      "White House",
    ],
    notAfter: ["Latin", "South", "Central", "North", "Native"],
  },
  gb: {
    terms: [
      "United Kingdom",
      "UK",
      "U.K.",
      "Britain",
      "British",
      "Briton",
      "Britons",
      "England",
      "Scotland",
      "Scottish",
      "Wales",
      "Welsh",
      "London",
      "Downing Street",
    ],
    // "New England" is in the US and "New South Wales" in Australia; "South Wales" is Welsh.
    notAfter: ["New", "New South"],
  },
  ca: { terms: ["Canada", "Canadian", "Canadians", "Ottawa"] },
  au: { terms: ["Australia", "Australian", "Australians", "Aussie", "Aussies", "Canberra"] },
  de: { terms: ["Germany", "German", "Germans", "Berlin", "Bundestag"] },
  fr: { terms: ["France", "French", "Paris", "Élysée", "Elysee"] },
  jp: { terms: ["Japan", "Japanese", "Tokyo"] },
  in: {
    terms: ["India", "Indian", "Indians", "New Delhi", "Delhi"],
    notAfter: ["American", "West", "Native"],
  },
  br: { terms: ["Brazil", "Brazilian", "Brazilians", "Brasília", "Brasilia"] },
  mx: { terms: ["Mexico", "Mexican", "Mexicans", "Mexico City"], notAfter: ["New", "Gulf of"] },
  it: { terms: ["Italy", "Italian", "Italians", "Rome"] },
  kr: {
    terms: ["South Korea", "South Korean", "South Koreans", "Korea", "Korean", "Koreans", "Seoul"],
    notAfter: ["North"],
  },
  za: { terms: ["South Africa", "South African", "South Africans", "Pretoria", "Cape Town"] },
  ae: { terms: ["United Arab Emirates", "UAE", "U.A.E.", "Emirati", "Emiratis", "Abu Dhabi", "Dubai"] },
  ar: { terms: ["Argentina", "Argentine", "Argentines", "Argentinian", "Argentinians", "Buenos Aires"] },
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Every term of every country in one regex, longest first ("South Korea" before "Korea"),
// so a text is scanned once. Letters or digits on either side mean a longer word
// ("Indiana", "USB"); a period after an abbreviation is fine ("the U.S.").
const TERM_COUNTRY = new Map<string, CountryId>();
for (const id of COUNTRY_IDS) for (const term of COUNTRY_TERMS[id].terms) TERM_COUNTRY.set(term, id);
const ALL_TERMS = [...TERM_COUNTRY.keys()].sort((a, b) => b.length - a.length).map(escape);
const MATCHER = new RegExp(`(?<![\\p{L}\\p{N}])(?:${ALL_TERMS.join("|")})(?![\\p{L}\\p{N}])`, "gu");
const GUARDS = new Map(
  COUNTRY_IDS.map((id) => [
    id,
    (COUNTRY_TERMS[id].notAfter ?? []).map((w) => new RegExp(`${escape(w)}\\s$`)),
  ]),
);

/** The supported countries a text mentions, in catalog order. */
export function detectCountries(text: string): CountryId[] {
  if (!text) return [];
  const found = new Set<CountryId>();
  for (const match of text.matchAll(MATCHER)) {
    const id = TERM_COUNTRY.get(match[0])!;
    if (found.has(id)) continue;
    const before = text.slice(Math.max(0, match.index - 12), match.index);
    if (!GUARDS.get(id)!.some((guard) => guard.test(before))) found.add(id);
  }
  return COUNTRY_IDS.filter((id) => found.has(id));
}
