import type { CardArticle, ComparisonCard } from "@/lib/schemas/cards";

/** A small backend comparison card for the client's unit tests. */
export function sourceRef(name: string, biasRating: "center-left" | "center" | "center-right" = "center") {
  return {
    id: name.toLowerCase(),
    name,
    region: "Europe",
    country: "gb",
    biasRating,
    biasRatingSource: "Editorial",
    color: "#000",
    icon: "📰",
    paywall: "none" as const,
  };
}

export function cardArticle(id: string, source: string, over: Partial<CardArticle> = {}): CardArticle {
  return {
    id,
    title: `Title ${id}`,
    description: `Description ${id}`,
    source: sourceRef(source),
    url: `https://example.test/${id}`,
    publishedAt: "2025-03-01T10:00:00.000Z",
    urlToImage: null,
    ...over,
  };
}

export function backendCard(cardId: string, over: Partial<ComparisonCard> = {}): ComparisonCard {
  return {
    cardId,
    topic: `Topic ${cardId}`,
    mainHeadline: cardArticle(`${cardId}-a`, "BBC News", { urlToImage: "https://img.test/a.jpg" }),
    relatedArticles: [
      // Each article at its own time, none of them the card's creation time.
      cardArticle(`${cardId}-b`, "CNN", { publishedAt: "2025-03-01T09:00:00.000Z" }),
      cardArticle(`${cardId}-c`, "NPR", { description: "" }),
    ],
    category: "general",
    country: "us",
    totalArticles: 3,
    createdAt: "2025-03-01T12:00:00.000Z",
    updatedAt: "2025-03-01T12:00:00.000Z",
    countries: ["us"],
    sourceCount: 3,
    confidence: 0.9,
    bias: { left: 1, center: 2, right: 0, blindspot: "right", ratingSource: "Editorial" },
    isDemo: false,
    ...over,
  };
}
