/**
 * The team's feed fixtures (tests/fixtures/feeds, described in its README): small feeds with
 * invented stories, each reproducing a quirk real outlets' files have. `npm test` reads these;
 * real saved feeds are for the data suite only (tests/helpers/shared-data.ts).
 */
import fs from "node:fs";
import path from "node:path";

export const FIXTURE_FEEDS_DIR = path.resolve(import.meta.dirname, "..", "fixtures", "feeds");

/** The fixtures' day, just after the newest item: the clock tests run ingest with. */
export const FIXTURE_NOW = new Date("2019-10-12T07:00:00Z");

/** A fixture's bytes. */
export function fixtureFeed(file: string): Buffer {
  return fs.readFileSync(path.join(FIXTURE_FEEDS_DIR, file));
}

/** Item dates of a feed file, read with a plain regex (independent of the parser under test). */
export function rawItemDates(xml: string): Date[] {
  return [...xml.matchAll(/<item[\s>][\s\S]*?<pubDate>([^<]+)<\/pubDate>/g)].map((m) => new Date(m[1]));
}
