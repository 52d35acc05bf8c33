/**
 * How a story is named outside its card: the path of its page, and the sentence saying which
 * outlets cover it (the story page's description and every feed entry use the same words).
 * Plain code shared by the server and the browser.
 */
import type { ComparisonCard } from "@/lib/schemas/cards";

/** The story page of a card: /stories/{cardId}. */
export function storyPath(cardId: string): string {
  return `/stories/${encodeURIComponent(cardId)}`;
}

/** The card's outlets, each once, in the card's order (the main headline's first). */
export function outletNames(card: Pick<ComparisonCard, "mainHeadline" | "relatedArticles">): string[] {
  return [...new Set([card.mainHeadline, ...card.relatedArticles].map((a) => a.source.name))];
}

/** "BBC News", "BBC News and CNN", "BBC News, CNN and NPR". */
export function listNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** "Covered by 3 outlets: BBC News, CNN and NPR." */
export function outletsSentence(names: string[]): string {
  return `Covered by ${names.length} ${names.length === 1 ? "outlet" : "outlets"}: ${listNames(names)}.`;
}
