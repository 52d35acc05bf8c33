/** The words beside the 'Live Analysis' badges (lib/client/data-status.ts, decision 144). */
import { describe, expect, it } from "vitest";
import { dataStatus } from "@/lib/client/data-status";
import { mapCard } from "@/lib/client/map-card";
import { backendCard, cardArticle } from "./card-fixture";

const HOUR = 3_600_000;
const at = (iso: string) =>
  mapCard(
    backendCard("c", {
      mainHeadline: cardArticle("c-a", "BBC News", { publishedAt: iso }),
      relatedArticles: [cardArticle("c-b", "CNN", { publishedAt: iso })],
    }),
  );

describe("dataStatus", () => {
  const card = at("2025-03-01T10:00:00.000Z");
  const t = Date.parse("2025-03-01T10:00:00.000Z");

  it("says demo data whenever demo cards are shown", () => {
    expect(dataStatus({ demo: true, cards: [card] }, null)).toBe("Demo data, not live news");
    expect(dataStatus({ demo: true, cards: [] }, t)).toBe("Demo data, not live news");
  });

  it("says nothing beside live cards of the window, nor before the clock is known", () => {
    expect(dataStatus({ demo: false, cards: [card] }, t + 71 * HOUR)).toBeNull();
    expect(dataStatus({ demo: false, cards: [card] }, null)).toBeNull();
    expect(dataStatus({ demo: false, cards: [] }, t)).toBeNull();
  });

  it("says no feed item is recent when every shown article is older than the window", () => {
    expect(dataStatus({ demo: false, cards: [card] }, t + 73 * HOUR)).toBe(
      "No feed item in the last 72 hours",
    );
  });
});
