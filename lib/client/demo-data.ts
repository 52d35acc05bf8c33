/**
 * The built-in demo comparison (docs/product.md §3): a global climate summit covered by three outlets.
 * Shown only when the backend fails or has nothing for page 1, always marked "Demo data".
 * Loaded on demand so it costs nothing on a normal first load.
 */

import type { ComparisonCard } from "@/lib/schemas/cards";
import { DEMO_CARD_ID, mapCard, mapRelatedArticle } from "./map-card";
import type { NewsComparison } from "./types";
import { BIAS_RATING_SOURCE } from "@/lib/sources/rating-source";
import type { BiasRating, Paywall } from "@/lib/sources/registry";

const HOUR = 3_600_000;

function source(
  id: string,
  name: string,
  region: string,
  country: string,
  biasRating: BiasRating,
  color: string,
  icon: string,
  paywall: Paywall,
) {
  return {
    id,
    name,
    region,
    country,
    biasRating,
    biasRatingSource: BIAS_RATING_SOURCE,
    color,
    icon,
    paywall,
  };
}

const GUARDIAN = source(
  "the-guardian",
  "The Guardian",
  "Europe",
  "gb",
  "center-left",
  "#052962",
  "🛡️",
  "none",
);
const REUTERS = source("reuters", "Reuters", "Global", "gb", "center", "#FF8000", "🌐", "metered");
const WSJ = source(
  "wall-street-journal",
  "Wall Street Journal",
  "North America",
  "us",
  "center-right",
  "#0080C3",
  "💹",
  "hard",
);

const RELATED_CONTENT = [
  "Negotiators from nearly 200 countries worked through the night before agreeing the final text. " +
    "Delegates described tense closing sessions in which the timetable for phasing down coal was rewritten twice. " +
    "Finance ministers will meet again in the spring to settle how the adaptation fund is paid in, " +
    "and several small island states said the deal still falls short of what the science demands.",
  "Business groups welcomed the clarity of the emissions timetable. Companies say the agreement gives investors a predictable path.",
];

/** The demo comparison, built fresh so each caller may change it (likes, analysis). */
export function demoComparisons(now: number = Date.now()): NewsComparison[] {
  const created = new Date(now - 2 * HOUR).toISOString();
  const card: ComparisonCard = {
    cardId: DEMO_CARD_ID,
    topic: "Global Climate Summit Reaches Agreement on Emissions Targets",
    mainHeadline: {
      id: "demo-guardian",
      title: "World leaders strike climate deal at global summit after marathon talks",
      description:
        "Leaders at the global climate summit agreed new emissions targets and a fund to help vulnerable nations adapt, though campaigners say the deal lacks firm deadlines.",
      source: GUARDIAN,
      url: "https://www.theguardian.com/environment",
      publishedAt: new Date(now - 3 * HOUR).toISOString(),
      urlToImage: null,
    },
    relatedArticles: [
      {
        id: "demo-reuters",
        title: "Climate summit ends with agreement on emissions and adaptation finance",
        description:
          "Countries agreed to cut emissions faster and to expand finance for adaptation, according to the final text.",
        source: REUTERS,
        url: "https://www.reuters.com/sustainability/",
        publishedAt: created,
        urlToImage: null,
      },
      {
        id: "demo-wsj",
        title: "Climate pact sets timetable that businesses say they can plan around",
        description: "Business groups welcomed the clarity of the emissions timetable.",
        source: WSJ,
        url: "https://www.wsj.com/news/climate-environment",
        publishedAt: created,
        urlToImage: null,
      },
    ],
    category: "general",
    country: "us",
    totalArticles: 3,
    createdAt: created,
    updatedAt: created,
    countries: ["us", "gb"],
    sourceCount: 3,
    confidence: 1,
    bias: { left: 1, center: 1, right: 1, blindspot: null, ratingSource: BIAS_RATING_SOURCE },
    isDemo: true,
  };
  const comparison = mapCard(card);
  comparison.articles = [
    comparison.articles[0],
    ...card.relatedArticles.map((a, i) => mapRelatedArticle(card, { ...a, content: RELATED_CONTENT[i] }, i)),
  ];
  // Demo counts stand in for real ones, so the footer's views count and like and comment toggles show.
  return [{ ...comparison, likes: 24, comments: 3, realLikes: 24, realComments: 3, views: 1283 }];
}
