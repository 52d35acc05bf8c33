/**
 * The parser's per-file check, run on the team's fixtures (tests/unit/ingest/parse.test.ts)
 * and on real saved feeds (tests/data/real-feeds.test.ts): one test per file.
 */
import { expect, it } from "vitest";
import { parseFeed } from "@/lib/ingest/parse";

/** file, format, item count, first title (undefined: not checked). */
export type FeedExpectation = [
  file: string,
  format: "rss" | "atom",
  items: number,
  firstTitle: string | undefined,
];

/** Each file parses as its format with its item count and first title, and every item has a link or guid. */
export function itParsesEachFeed(read: (file: string) => Buffer, rows: FeedExpectation[]): void {
  it.each(rows)("%s", async (file, format, count, firstTitle) => {
    const feed = await parseFeed(read(file));
    expect(feed.format).toBe(format);
    expect(feed.items).toHaveLength(count);
    if (firstTitle) expect(feed.items[0].title).toBe(firstTitle);
    for (const item of feed.items) expect(item.link ?? item.guid).toBeTruthy();
  });
}
