/**
 * The 19 known outlets of docs/product.md §3 and the feeds each publishes, per category.
 * Each feed URL is one the outlet itself publishes and lists (checked when the registry was
 * written, docs/decisions/012-feed-fetch-policy.md). A category
 * an outlet publishes no feed for is simply absent; an outlet with no public feed at all
 * is `available: false` with the reason, and the product shows it as unavailable. Every feed
 * is fetched over https (a plain-http feed can be rewritten by anyone on its path).
 */

import type { BiasRating as StoredBiasRating } from "@/generated/prisma/enums";
import { COUNTRY_IDS, isCategoryId, type CategoryId, type CountryId } from "@/lib/catalog";

/** The ratings of the three-point scale, left to right, as the API and this list spell them. */
export const BIAS_RATINGS = ["center-left", "center", "center-right"] as const;
/** An outlet's rating on the three-point scale. */
export type BiasRating = (typeof BIAS_RATINGS)[number];

// The database column stores these spellings, but a Prisma enum value must be an identifier, so
// the client names "center-left" center_left (prisma/schema.prisma). The spellings meet only here.
const STORED_BIAS_RATING = {
  "center-left": "center_left",
  center: "center",
  "center-right": "center_right",
} as const satisfies Record<BiasRating, StoredBiasRating>;
const BIAS_RATING_OF = {
  center_left: "center-left",
  center: "center",
  center_right: "center-right",
} as const satisfies Record<StoredBiasRating, BiasRating>;

/** The rating as Prisma writes it. */
export const storedBiasRating = (rating: BiasRating): StoredBiasRating => STORED_BIAS_RATING[rating];

/** The rating Prisma read, as the API spells it. */
export const biasRatingOf = (stored: StoredBiasRating): BiasRating => BIAS_RATING_OF[stored];

/** How an outlet is owned, in the words its page uses (docs/decisions/120-outlet-ownership-and-paywalls.md). */
export const OWNERSHIP_KINDS = [
  "public broadcaster",
  "state-funded international broadcaster",
  "listed company",
  "private company",
  "non-profit",
  "trust",
  "cooperative",
] as const;
export type OwnershipKind = (typeof OWNERSHIP_KINDS)[number];

/** Who owns an outlet and what pays for it, as public facts stood on `asOf` (YYYY-MM-DD). */
export interface Ownership {
  kind: OwnershipKind;
  /** The owner or parent company. */
  owner: string;
  /** What pays for the newsroom, in words. */
  funding: string;
  asOf: string;
}

/** Whether a reader must pay to read the outlet's articles: never, after a few a month, or always. */
export const PAYWALLS = ["none", "metered", "hard"] as const;
export type Paywall = (typeof PAYWALLS)[number];

/**
 * When the ownership entries were last written from public facts; one date for the list, since
 * they were written together (decision 120 says from what).
 */
export const OWNERSHIP_AS_OF = "2025-06-01";

export interface KnownSource {
  id: string;
  name: string;
  homepage: string;
  color: string;
  icon: string;
  biasRating: BiasRating;
  ownership: Ownership;
  paywall: Paywall;
  region: "North America" | "Europe" | "Global" | "Asia" | "Oceania" | "Middle East";
  /** Home country (lowercase ISO code; may be outside the 15 supported countries). */
  country: string;
  /** Supported countries whose news the outlet covers. */
  coverage: CountryId[];
  feeds: Partial<Record<CategoryId, string>>;
  unavailableReason?: string;
}

export { BIAS_RATING_SOURCE } from "./rating-source";

const ALL: CountryId[] = [...COUNTRY_IDS];

export const KNOWN_SOURCES: KnownSource[] = [
  {
    id: "cnn",
    name: "CNN",
    homepage: "https://edition.cnn.com",
    color: "#CC0000",
    icon: "📺",
    biasRating: "center-left",
    ownership: {
      kind: "listed company",
      owner: "Warner Bros. Discovery",
      funding: "Advertising, cable carriage fees and digital subscriptions",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "metered",
    region: "North America",
    country: "us",
    coverage: ALL,
    feeds: {
      general: "https://rss.cnn.com/rss/edition.rss",
      business: "https://rss.cnn.com/rss/money_news_international.rss",
      technology: "https://rss.cnn.com/rss/edition_technology.rss",
      health: "https://rss.cnn.com/rss/cnn_health.rss",
      science: "https://rss.cnn.com/rss/edition_space.rss",
      sports: "https://rss.cnn.com/rss/edition_sport.rss",
      entertainment: "https://rss.cnn.com/rss/edition_entertainment.rss",
    },
  },
  {
    id: "npr",
    name: "NPR",
    homepage: "https://www.npr.org",
    color: "#2C5AA0",
    icon: "📻",
    biasRating: "center-left",
    ownership: {
      kind: "non-profit",
      owner: "NPR, a membership organisation of public radio stations",
      funding: "Corporate sponsorship, member stations' fees, grants and listener donations",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "none",
    region: "North America",
    country: "us",
    coverage: ["us"],
    feeds: {
      general: "https://feeds.npr.org/1001/rss.xml",
      business: "https://feeds.npr.org/1006/rss.xml",
      technology: "https://feeds.npr.org/1019/rss.xml",
      health: "https://feeds.npr.org/1128/rss.xml",
      science: "https://feeds.npr.org/1007/rss.xml",
      entertainment: "https://feeds.npr.org/1008/rss.xml",
    },
  },
  {
    id: "abc-news",
    name: "ABC News",
    homepage: "https://abcnews.go.com",
    color: "#1B3A6B",
    icon: "🔷",
    biasRating: "center-left",
    ownership: {
      kind: "listed company",
      owner: "The Walt Disney Company",
      funding: "Advertising and carriage fees",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "none",
    region: "North America",
    country: "us",
    coverage: ["us"],
    feeds: {
      general: "https://feeds.abcnews.com/abcnews/topstories",
      business: "https://abcnews.go.com/abcnews/moneyheadlines",
      technology: "https://abcnews.go.com/abcnews/technologyheadlines",
      health: "https://abcnews.go.com/abcnews/healthheadlines",
      sports: "https://abcnews.go.com/abcnews/sportsheadlines",
      entertainment: "https://abcnews.go.com/abcnews/entertainmentheadlines",
    },
  },
  {
    id: "fox-news",
    name: "Fox News",
    homepage: "https://www.foxnews.com",
    color: "#003366",
    icon: "🦊",
    biasRating: "center-right",
    ownership: {
      kind: "listed company",
      owner: "Fox Corporation (controlled by the Murdoch family)",
      funding: "Advertising and cable carriage fees",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "none",
    region: "North America",
    country: "us",
    coverage: ["us"],
    feeds: {
      general: "https://moxie.foxnews.com/google-publisher/latest.xml",
      sports: "https://moxie.foxnews.com/google-publisher/sports.xml",
    },
  },
  {
    id: "cbc-news",
    name: "CBC News",
    homepage: "https://www.cbc.ca/news",
    color: "#E60505",
    icon: "🍁",
    biasRating: "center-left",
    ownership: {
      kind: "public broadcaster",
      owner: "CBC/Radio-Canada, a federal Crown corporation",
      funding: "Annual grant from the Parliament of Canada, plus advertising",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "none",
    region: "North America",
    country: "ca",
    coverage: ["ca"],
    feeds: {
      general: "https://www.cbc.ca/webfeed/rss/rss-topstories",
      business: "https://rss.cbc.ca/lineup/business.xml",
      technology: "https://rss.cbc.ca/lineup/technology.xml",
      health: "https://rss.cbc.ca/lineup/health.xml",
      sports: "https://rss.cbc.ca/lineup/sports.xml",
      entertainment: "https://rss.cbc.ca/lineup/arts.xml",
    },
  },
  {
    id: "bbc-news",
    name: "BBC News",
    homepage: "https://www.bbc.com/news",
    color: "#BB1919",
    icon: "🇬🇧",
    biasRating: "center",
    ownership: {
      kind: "public broadcaster",
      owner: "The BBC, a public corporation under Royal Charter",
      funding: "The UK television licence fee, plus the commercial income of BBC Studios",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "none",
    region: "Europe",
    country: "gb",
    coverage: ALL,
    feeds: {
      general: "https://feeds.bbci.co.uk/news/rss.xml",
      business: "https://feeds.bbci.co.uk/news/business/rss.xml",
      technology: "https://feeds.bbci.co.uk/news/technology/rss.xml",
      health: "https://feeds.bbci.co.uk/news/health/rss.xml",
      science: "https://feeds.bbci.co.uk/news/science_and_environment/rss.xml",
      sports: "https://feeds.bbci.co.uk/sport/rss.xml",
      entertainment: "https://feeds.bbci.co.uk/news/entertainment_and_arts/rss.xml",
    },
  },
  {
    id: "the-guardian",
    name: "The Guardian",
    homepage: "https://www.theguardian.com",
    color: "#052962",
    icon: "🛡️",
    biasRating: "center-left",
    ownership: {
      kind: "trust",
      owner: "Guardian Media Group, wholly owned by the Scott Trust",
      funding: "Reader contributions, advertising and the Scott Trust's endowment",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "none",
    region: "Europe",
    country: "gb",
    coverage: ALL,
    feeds: {
      general: "https://www.theguardian.com/world/rss",
      business: "https://www.theguardian.com/uk/business/rss",
      technology: "https://www.theguardian.com/technology/rss",
      science: "https://www.theguardian.com/science/rss",
      sports: "https://www.theguardian.com/sport/rss",
      entertainment: "https://www.theguardian.com/culture/rss",
    },
  },
  {
    id: "deutsche-welle",
    name: "Deutsche Welle",
    homepage: "https://www.dw.com/en",
    color: "#05B2FC",
    icon: "🇩🇪",
    biasRating: "center",
    ownership: {
      kind: "state-funded international broadcaster",
      owner: "Deutsche Welle, a German public-law broadcaster",
      funding: "The German federal budget (federal tax revenue)",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "none",
    region: "Europe",
    country: "de",
    coverage: ALL,
    feeds: {
      general: "https://rss.dw.com/rdf/rss-en-all",
      business: "https://rss.dw.com/rdf/rss-en-bus",
      science: "https://rss.dw.com/xml/rss-en-science",
      entertainment: "https://rss.dw.com/rdf/rss-en-cul",
    },
  },
  {
    id: "france-24",
    name: "France 24",
    homepage: "https://www.france24.com/en",
    color: "#00A2E1",
    icon: "🇫🇷",
    biasRating: "center",
    ownership: {
      kind: "state-funded international broadcaster",
      owner: "France Médias Monde, owned by the French state",
      funding: "French public funding",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "none",
    region: "Europe",
    country: "fr",
    coverage: ALL,
    feeds: { general: "https://www.france24.com/en/rss" },
  },
  {
    id: "euronews",
    name: "Euronews",
    homepage: "https://www.euronews.com",
    color: "#0A3D91",
    icon: "🇪🇺",
    biasRating: "center",
    ownership: {
      kind: "private company",
      owner: "Alpac Capital (majority shareholder since 2022)",
      funding: "Advertising, partnerships and contracts",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "none",
    region: "Europe",
    country: "fr",
    coverage: ["gb", "de", "fr", "it"],
    feeds: {},
    unavailableReason: "No feed URL could be verified for Euronews; it is listed but not fetched.",
  },
  {
    id: "reuters",
    name: "Reuters",
    homepage: "https://www.reuters.com",
    color: "#FF8000",
    icon: "🌐",
    biasRating: "center",
    ownership: {
      kind: "listed company",
      owner: "Thomson Reuters (controlled by the Thomson family's Woodbridge)",
      funding: "Selling news to media and professional clients, and reader subscriptions",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "metered",
    region: "Global",
    country: "gb",
    coverage: ALL,
    feeds: {},
    unavailableReason: "Reuters has published no public RSS feed since 2020.",
  },
  {
    id: "associated-press",
    name: "Associated Press",
    homepage: "https://apnews.com",
    color: "#E31B23",
    icon: "🗞️",
    biasRating: "center",
    ownership: {
      kind: "cooperative",
      owner: "A not-for-profit cooperative of US newspapers and broadcasters",
      funding: "Licence fees from the media that publish its news",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "none",
    region: "Global",
    country: "us",
    coverage: ALL,
    feeds: { general: "https://apnews.com/index.rss" },
  },
  {
    id: "south-china-morning-post",
    name: "South China Morning Post",
    homepage: "https://www.scmp.com",
    color: "#FFCA05",
    icon: "🏙️",
    biasRating: "center",
    ownership: {
      kind: "listed company",
      owner: "Alibaba Group (owner since 2016)",
      funding: "Subscriptions and advertising",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "metered",
    region: "Asia",
    country: "hk",
    coverage: ["jp", "in", "kr", "us", "au", "gb"],
    feeds: {
      general: "https://www.scmp.com/rss/91/feed",
      business: "https://www.scmp.com/rss/92/feed",
      technology: "https://www.scmp.com/rss/320663/feed",
    },
  },
  {
    id: "abc-australia",
    name: "ABC Australia",
    homepage: "https://www.abc.net.au/news",
    color: "#000000",
    icon: "🇦🇺",
    biasRating: "center-left",
    ownership: {
      kind: "public broadcaster",
      owner: "The Australian Broadcasting Corporation, a federal statutory authority",
      funding: "Australian federal government funding",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "none",
    region: "Oceania",
    country: "au",
    coverage: ["au"],
    feeds: { general: "https://www.abc.net.au/news/feed/51120/rss.xml" },
  },
  {
    id: "al-jazeera",
    name: "Al Jazeera",
    homepage: "https://www.aljazeera.com",
    color: "#D2A100",
    icon: "🌙",
    biasRating: "center-left",
    ownership: {
      kind: "state-funded international broadcaster",
      owner: "Al Jazeera Media Network",
      funding: "Funded by the State of Qatar",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "none",
    region: "Middle East",
    country: "qa",
    coverage: ALL,
    feeds: { general: "https://www.aljazeera.com/xml/rss/all.xml" },
  },
  {
    id: "times-of-israel",
    name: "Times of Israel",
    homepage: "https://www.timesofisrael.com",
    color: "#0B4EA2",
    icon: "✡️",
    biasRating: "center-right",
    ownership: {
      kind: "private company",
      owner: "Privately held; its founding investor Seth Klarman chairs it",
      funding: "Advertising and reader memberships",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "none",
    region: "Middle East",
    country: "il",
    coverage: ["us", "ae"],
    feeds: { general: "https://www.timesofisrael.com/feed/" },
  },
  {
    id: "wall-street-journal",
    name: "Wall Street Journal",
    homepage: "https://www.wsj.com",
    color: "#0080C3",
    icon: "💹",
    biasRating: "center-right",
    ownership: {
      kind: "listed company",
      owner: "Dow Jones & Company, part of News Corp (controlled by the Murdoch family)",
      funding: "Subscriptions and advertising",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "hard",
    region: "North America",
    country: "us",
    coverage: ALL,
    feeds: {
      general: "https://feeds.a.dj.com/rss/RSSWorldNews.xml",
      business: "https://feeds.a.dj.com/rss/WSJcomUSBusiness.xml",
      technology: "https://feeds.a.dj.com/rss/RSSWSJD.xml",
    },
  },
  {
    id: "the-economist",
    name: "The Economist",
    homepage: "https://www.economist.com",
    color: "#E3120B",
    icon: "📊",
    biasRating: "center",
    ownership: {
      kind: "private company",
      owner: "The Economist Group (largest shareholder Exor; trustees guard editorial independence)",
      funding: "Subscriptions and advertising",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "hard",
    region: "Global",
    country: "gb",
    coverage: ALL,
    feeds: {
      general: "https://www.economist.com/the-world-this-week/rss.xml",
      business: "https://www.economist.com/business/rss.xml",
      science: "https://www.economist.com/science-and-technology/rss.xml",
    },
  },
  {
    id: "financial-times",
    name: "Financial Times",
    homepage: "https://www.ft.com",
    color: "#FCD0B1",
    icon: "💷",
    biasRating: "center",
    ownership: {
      kind: "private company",
      owner: "Nikkei Inc. (owner since 2015)",
      funding: "Subscriptions and advertising",
      asOf: OWNERSHIP_AS_OF,
    },
    paywall: "hard",
    region: "Europe",
    country: "gb",
    coverage: ALL,
    feeds: {
      general: "https://www.ft.com/world?format=rss",
      business: "https://www.ft.com/companies?format=rss",
      technology: "https://www.ft.com/technology?format=rss",
    },
  },
];

/** The feed URL the known-sources list shows for an outlet: its general feed, else its first. */
export function primaryFeedUrl(source: KnownSource): string | null {
  return source.feeds.general ?? Object.values(source.feeds)[0] ?? null;
}

/** An outlet's feeds as category and URL, in the order the list gives them. */
export function feedsOf(source: KnownSource): { category: CategoryId; url: string }[] {
  return Object.entries(source.feeds).flatMap(([category, url]) =>
    isCategoryId(category) && url ? [{ category, url }] : [],
  );
}

/** The outlet of an id, or undefined. */
export function knownSource(id: string): KnownSource | undefined {
  return KNOWN_SOURCES.find((s) => s.id === id);
}

export function isAvailable(source: KnownSource): boolean {
  return !source.unavailableReason && Object.keys(source.feeds).length > 0;
}
