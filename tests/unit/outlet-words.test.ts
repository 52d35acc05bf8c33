/** The outlet page's sentences on its counts (lib/outlet-words.ts, decision 146): they add up. */
import { describe, expect, it } from "vitest";
import { coveredSentence, itemsSentence } from "@/lib/outlet-words";

const feed = (itemsInWindow: number) =>
  ({
    category: "general",
    url: "",
    lastFetchedAt: null,
    lastSuccessAt: null,
    status: "ok",
    problem: null,
    itemsInWindow,
  }) as const;
const counts = (items: number, demo: number, inStories: number, feeds: number[], covered = 0) => ({
  itemsInWindow: items,
  demoItemsInWindow: demo,
  itemsInStories: inStories,
  feeds: feeds.map(feed),
  window: { hours: 72, from: "" },
  covered: { total: covered },
});

describe("itemsSentence", () => {
  it.each([
    [counts(4, 0, 4, [3, 1]), "4 articles in the last 72 hours."],
    [
      counts(4, 4, 4, [0, 0]),
      "4 articles in the last 72 hours, all from the bundled demo snapshot, none from these feeds.",
    ],
    [
      counts(1, 1, 0, [0]),
      "1 article in the last 72 hours, from the bundled demo snapshot, not from these feeds.",
    ],
    [
      counts(5, 2, 5, [2]),
      "5 articles in the last 72 hours: 2 from these feeds, 2 from the bundled demo snapshot, 1 from no feed listed here.",
    ],
    [counts(0, 0, 0, [0]), "0 articles in the last 72 hours."],
  ])("%j", (c, sentence) => {
    expect(itemsSentence(c)).toBe(sentence);
  });
});

describe("coveredSentence", () => {
  it.each([
    [
      counts(1, 0, 0, [1], 0),
      0,
      "No story of the last 72 hours holds its 1 article: a story needs reports from two outlets, and no other outlet's report was matched to it.",
    ],
    [counts(0, 0, 0, [0], 0), 0, "No story of the last 72 hours."],
    [counts(1, 0, 1, [1], 1), 1, "1 story of the last 72 hours, holding its 1 article."],
    [counts(4, 0, 4, [4], 4), 4, "4 stories of the last 72 hours, holding all 4 of its articles."],
    [
      counts(5, 0, 3, [5], 2),
      2,
      "2 stories of the last 72 hours, holding 3 of its 5 articles; the other 2 are in no story: a story needs reports from two outlets, and no other outlet's report was matched to them.",
    ],
    [
      counts(60, 0, 60, [60], 60),
      50,
      "60 stories of the last 72 hours, holding all 60 of its articles. The newest 50 are listed.",
    ],
  ])("%j", (c, listed, sentence) => {
    expect(coveredSentence(c, listed)).toBe(sentence);
  });
});
