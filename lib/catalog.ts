/**
 * What the product supports: countries, categories, regions and the landing selection
 * (docs/product.md §3, §7). Plain data shared by the server and the browser.
 */

export const REGIONS = [
  { id: "North America", emoji: "🌎" },
  { id: "Europe", emoji: "🌍" },
  { id: "Asia", emoji: "🌏" },
  { id: "Oceania", emoji: "🏝️" },
  { id: "Africa", emoji: "🌍" },
  { id: "Middle East", emoji: "🕌" },
  { id: "Latin America", emoji: "🌎" },
] as const;

export type Region = (typeof REGIONS)[number]["id"];

export interface CountryOption {
  id: string;
  name: string;
  region: Region;
  icon: string;
}

/** The ten built-in countries of docs/product.md §3 first, then the five the fallback options add. */
export const COUNTRIES = [
  { id: "us", name: "United States", region: "North America", icon: "🇺🇸" },
  { id: "gb", name: "United Kingdom", region: "Europe", icon: "🇬🇧" },
  { id: "ca", name: "Canada", region: "North America", icon: "🇨🇦" },
  { id: "au", name: "Australia", region: "Oceania", icon: "🇦🇺" },
  { id: "de", name: "Germany", region: "Europe", icon: "🇩🇪" },
  { id: "fr", name: "France", region: "Europe", icon: "🇫🇷" },
  { id: "jp", name: "Japan", region: "Asia", icon: "🇯🇵" },
  { id: "in", name: "India", region: "Asia", icon: "🇮🇳" },
  { id: "br", name: "Brazil", region: "Latin America", icon: "🇧🇷" },
  { id: "mx", name: "Mexico", region: "Latin America", icon: "🇲🇽" },
  { id: "it", name: "Italy", region: "Europe", icon: "🇮🇹" },
  { id: "kr", name: "South Korea", region: "Asia", icon: "🇰🇷" },
  { id: "za", name: "South Africa", region: "Africa", icon: "🇿🇦" },
  { id: "ae", name: "United Arab Emirates", region: "Middle East", icon: "🇦🇪" },
  { id: "ar", name: "Argentina", region: "Latin America", icon: "🇦🇷" },
] as const satisfies readonly CountryOption[];

export type CountryId = (typeof COUNTRIES)[number]["id"];

export interface CategoryOption {
  id: string;
  name: string;
  icon: string;
}

export const CATEGORIES = [
  { id: "general", name: "General News", icon: "📰" },
  { id: "business", name: "Business", icon: "💼" },
  { id: "technology", name: "Technology", icon: "💻" },
  { id: "health", name: "Health", icon: "🏥" },
  { id: "science", name: "Science", icon: "🔬" },
  { id: "sports", name: "Sports", icon: "⚽" },
  { id: "entertainment", name: "Entertainment", icon: "🎬" },
] as const satisfies readonly CategoryOption[];

export type CategoryId = (typeof CATEGORIES)[number]["id"];

export const COUNTRY_IDS = COUNTRIES.map((c) => c.id) as [CountryId, ...CountryId[]];
export const CATEGORY_IDS = CATEGORIES.map((c) => c.id) as [CategoryId, ...CategoryId[]];

/** The landing selection: six countries with category general (docs/product.md §7). */
export const LANDING_PAGE = {
  countries: ["us", "gb", "ca", "au", "de", "fr"] as CountryId[],
  categories: ["general"] as CategoryId[],
};

/**
 * Below this clustering confidence a card says on the page that its reports may not all describe
 * one event (the clusterer's scale: 0.5 is a group whose mean pair similarity just meets its merge
 * threshold; docs/decisions/022-clustering-on-real-feeds.md).
 */
export const LOW_CARD_CONFIDENCE = 0.6;

/** Default filter: country us, category general (docs/product.md §4, §9). */
export const DEFAULT_SELECTION = {
  countries: ["us"] as CountryId[],
  categories: ["general"] as CategoryId[],
};

/** The comparison options shape of docs/product.md §3, computed from what the product supports. */
export function comparisonOptions() {
  return {
    available: { countries: [...COUNTRY_IDS], categories: [...CATEGORY_IDS] },
    landingPage: { countries: [...LANDING_PAGE.countries], categories: [...LANDING_PAGE.categories] },
    total: {
      countries: COUNTRY_IDS.length,
      categories: CATEGORY_IDS.length,
      combinations: COUNTRY_IDS.length * CATEGORY_IDS.length,
    },
  };
}

export type ComparisonOptions = ReturnType<typeof comparisonOptions>;

/** A category's name, or its id when it is none of the catalog's. */
export const categoryName = (id: string): string => CATEGORIES.find((c) => c.id === id)?.name ?? id;
/** A country's name, when it is one of the catalog's. */
export const countryName = (id: string): string | undefined => COUNTRIES.find((c) => c.id === id)?.name;

export const isCountryId = (v: string): v is CountryId => (COUNTRY_IDS as string[]).includes(v);
export const isCategoryId = (v: string): v is CategoryId => (CATEGORY_IDS as string[]).includes(v);
