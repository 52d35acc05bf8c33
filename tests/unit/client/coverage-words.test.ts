/** The card's coverage line (lib/client/coverage-words.ts) and the times it is made of. */
import { describe, expect, it } from "vitest";
import { coverageLine, formatDuration } from "@/lib/client/coverage-words";
import { coverageSummary, mapCard } from "@/lib/client/map-card";
import { formatCardDate, formatCount } from "@/lib/client/relative-time";
import { backendCard, cardArticle } from "./card-fixture";

const HOUR = 3_600_000;

describe("formatDuration", () => {
  it.each([
    [-5_000, "under a minute"],
    [59_000, "under a minute"],
    [60_000, "1 min"],
    [40 * 60_000, "40 min"],
    [HOUR, "1 h"],
    [6.9 * HOUR, "6 h"],
    [24 * HOUR, "1 d"],
    [71 * HOUR, "2 d"],
  ])("%i ms → %s", (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe("formatCardDate", () => {
  it("names UTC where the reader's zone is not known yet (the server's render)", () => {
    expect(formatCardDate("2025-03-01T07:05:00.000Z", "UTC")).toBe("Mar 1, 7:05 AM UTC");
    expect(formatCardDate("not a date", "UTC")).toBe("");
  });

  // Built from the Date's fields (no Intl at page load): the same words as Intl's en-US formatter.
  it("reads as Intl's en-US month, day and time, in UTC and in the local zone", () => {
    const options = { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" } as const;
    const utc = new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC", timeZoneName: "short" });
    const local = new Intl.DateTimeFormat("en-US", options);
    const start = Date.parse("2025-01-01T00:00:00.000Z");
    // Every month, every hour of the day (midnight and noon included), odd minutes.
    for (let i = 0; i < 24 * 40; i++) {
      const iso = new Date(start + i * (9 * HOUR + 7 * 60_000)).toISOString();
      expect(formatCardDate(iso, "UTC")).toBe(utc.format(new Date(iso)));
      expect(formatCardDate(iso)).toBe(local.format(new Date(iso)));
    }
  });
});

describe("formatCount", () => {
  it.each([0, 7, 999, 1000, 1283, 65_536, 1_234_567, -4200])("%i as en-US writes it", (n) =>
    expect(formatCount(n)).toBe(n.toLocaleString("en-US")),
  );
});

describe("the coverage line", () => {
  const summary = {
    firstSource: "BBC News",
    firstSourceId: "bbc-news",
    firstPublishedAt: "2025-03-01T07:00:00.000Z",
    lastPublishedAt: "2025-03-01T13:30:00.000Z",
    outlets: 5,
  };
  const at = (iso: string) => Date.parse(iso);

  it("says who reported first, how long ago, and how many outlets followed in what time", () => {
    expect(coverageLine(summary, at("2025-03-01T10:10:00.000Z"))).toBe(
      "First reported by BBC News 3 h ago · 5 outlets in 6 h",
    );
    expect(coverageLine(summary, at("2025-03-01T07:00:30.000Z"))).toBe(
      "First reported by BBC News just now · 5 outlets in 6 h",
    );
    expect(coverageLine(summary, at("2025-03-03T08:00:00.000Z"))).toBe(
      "First reported by BBC News 2 d ago · 5 outlets in 6 h",
    );
  });

  it("leaves out how long ago without a clock, and counts one outlet in the singular", () => {
    expect(coverageLine({ ...summary, outlets: 1, lastPublishedAt: summary.firstPublishedAt }, null)).toBe(
      "First reported by BBC News · 1 outlet in under a minute",
    );
  });

  it("is made from the articles' own times, not the card's order nor its mapped dates", () => {
    const card = backendCard("c1", {
      mainHeadline: cardArticle("c1-a", "BBC News", { publishedAt: "2025-03-01T10:00:00.000Z" }),
      relatedArticles: [
        cardArticle("c1-b", "CNN", { publishedAt: "2025-03-01T08:00:00.000Z" }),
        cardArticle("c1-c", "CNN", { publishedAt: "2025-03-01T12:00:00.000Z" }),
      ],
    });
    expect(coverageSummary(card)).toEqual({
      firstSource: "CNN",
      firstSourceId: "cnn",
      firstPublishedAt: "2025-03-01T08:00:00.000Z",
      lastPublishedAt: "2025-03-01T12:00:00.000Z",
      outlets: 2,
    });
    expect(mapCard(card).coverage).toEqual(coverageSummary(card));
  });
});
