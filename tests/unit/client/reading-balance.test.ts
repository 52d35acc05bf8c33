import { beforeEach, describe, expect, it } from "vitest";
import {
  HISTORY_DAYS,
  READING_BALANCE_KEY,
  acknowledge,
  clearHistory,
  hasAcknowledged,
  readingBalance,
  recordVisit,
  skippedBlindspots,
  type Visit,
} from "@/lib/client/reading-balance";
import { MemoryStorage } from "./memory-storage";

const DAY = 24 * 3_600_000;
const NOW = Date.parse("2026-03-01T12:00:00Z");
const BBC = { id: "bbc-news", name: "BBC News", biasRating: "center" } as const;
const CNN = { id: "cnn", name: "CNN", biasRating: "center-left" } as const;
const FOX = { id: "fox-news", name: "Fox News", biasRating: "center-right" } as const;

const visit = (cardId: string, over: Partial<Visit> = {}): Visit => ({
  cardId,
  topic: `Topic ${cardId}`,
  via: "story page",
  at: NOW - 3_600_000,
  outlets: [BBC, CNN],
  ...over,
});

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
});

describe("recording", () => {
  it("records nothing until the reader has seen the statement", () => {
    expect(recordVisit(storage, visit("a"))).toBe("not acknowledged");
    expect(storage.data.size).toBe(0);
    expect(hasAcknowledged(storage)).toBe(false);
    expect(acknowledge(storage)).toBe("ok");
    expect(hasAcknowledged(storage)).toBe(true);
    expect(recordVisit(storage, visit("a"))).toBe("ok");
    expect(readingBalance(storage, NOW).stories.map((s) => s.cardId)).toEqual(["a"]);
  });

  it("keeps the last 30 days only", () => {
    acknowledge(storage);
    recordVisit(storage, visit("old", { at: NOW - (HISTORY_DAYS + 1) * DAY }));
    recordVisit(storage, visit("recent", { at: NOW - 1000 }));
    expect(readingBalance(storage, NOW).stories.map((s) => s.cardId)).toEqual(["recent"]);
    // The old visit is dropped from storage at the next write, too.
    expect(storage.getItem(READING_BALANCE_KEY)).not.toContain('"old"');
  });

  it("says so when storage is off or full, and keeps what it had", () => {
    expect(recordVisit(null, visit("a"))).toBe("off");
    expect(acknowledge(null)).toBe("off");
    expect(readingBalance(null, NOW)).toMatchObject({ state: "off", stories: [] });
    acknowledge(storage);
    recordVisit(storage, visit("kept"));
    storage.setItem("other-key", "untouched");
    storage.failWrites = true;
    expect(recordVisit(storage, visit("lost"))).toBe("full");
    expect(clearHistory(storage)).toBe("full");
    expect(readingBalance(storage, NOW).stories.map((s) => s.cardId)).toEqual(["kept"]);
    expect(storage.getItem("other-key")).toBe("untouched");
  });

  it("starts afresh from a value it cannot read", () => {
    storage.setItem(READING_BALANCE_KEY, "{not json");
    expect(readingBalance(storage, NOW)).toMatchObject({ state: "ok", acknowledged: false, stories: [] });
  });
});

describe("the balance", () => {
  it("counts each outlet once per story in the rating mix, and ranks the outlets read most", () => {
    acknowledge(storage);
    recordVisit(storage, visit("a", { outlets: [BBC, CNN, FOX] }));
    recordVisit(storage, visit("a", { via: "analysis", at: NOW - 1000, outlets: [BBC, CNN, FOX] }));
    recordVisit(storage, visit("b", { via: "original source", outlets: [CNN] }));
    recordVisit(storage, visit("c", { outlets: [BBC, CNN] }));
    const b = readingBalance(storage, NOW);
    expect(b.stories).toHaveLength(3);
    expect(b.stories.find((s) => s.cardId === "a")?.via).toEqual(["story page", "analysis"]);
    expect(b.mix).toEqual({ left: 3, center: 2, right: 1 });
    expect(b.topOutlets).toEqual([
      { id: "cnn", name: "CNN", stories: 3 },
      { id: "bbc-news", name: "BBC News", stories: 2 },
      { id: "fox-news", name: "Fox News", stories: 1 },
    ]);
  });

  it("clears the history on request, and the statement stays seen", () => {
    acknowledge(storage);
    recordVisit(storage, visit("a"));
    expect(clearHistory(storage)).toBe("ok");
    expect(readingBalance(storage, NOW)).toMatchObject({ acknowledged: true, stories: [] });
    expect(readingBalance(storage, NOW).mix).toEqual({ left: 0, center: 0, right: 0 });
  });

  it("lists the feed's blindspot stories the reader did not open", () => {
    acknowledge(storage);
    recordVisit(storage, visit("opened-blindspot"));
    const cards = [
      { id: "opened-blindspot", bias: { blindspot: "right" as const } },
      { id: "skipped", bias: { blindspot: "left" as const } },
      { id: "balanced", bias: { blindspot: null } },
      { id: "demo", bias: null },
    ];
    expect(skippedBlindspots(cards, readingBalance(storage, NOW)).map((c) => c.id)).toEqual(["skipped"]);
  });
});

describe("since when it records (issue 33)", () => {
  it("keeps the moment the statement was first seen, and says so in the balance", () => {
    expect(readingBalance(storage, NOW).since).toBeNull();
    expect(acknowledge(storage, NOW - DAY)).toBe("ok");
    expect(acknowledge(storage, NOW)).toBe("ok");
    expect(readingBalance(storage, NOW).since).toBe(NOW - DAY);
    recordVisit(storage, visit("a"));
    clearHistory(storage);
    expect(readingBalance(storage, NOW).since).toBe(NOW - DAY);
  });

  it("dates a history kept before the time was stored from its oldest visit", () => {
    storage.setItem(
      READING_BALANCE_KEY,
      JSON.stringify({ acknowledged: true, visits: [visit("old", { at: NOW - 3 * DAY })] }),
    );
    expect(readingBalance(storage, NOW).since).toBeNull();
    acknowledge(storage, NOW);
    expect(readingBalance(storage, NOW).since).toBe(NOW - 3 * DAY);
  });
});
