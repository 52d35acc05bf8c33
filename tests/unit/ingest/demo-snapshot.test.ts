import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { CATEGORY_IDS } from "@/lib/catalog";
import { parseFeed } from "@/lib/ingest/parse";
import { sourceIdForFileName } from "@/lib/sources/file-names";
import { KNOWN_SOURCES } from "@/lib/sources/registry";

const DEMO_DIR = path.join(process.cwd(), "lib", "ingest", "demo");

it("the demo snapshot: one RSS 2.0 file per known outlet, invented stories each told by 3 to 5 outlets", async () => {
  const files = fs.readdirSync(DEMO_DIR).filter((f) => f.endsWith(".xml"));
  const known = new Set(KNOWN_SOURCES.map((s) => s.id));
  // The stories the team wrote, by a name each outlet's version mentions.
  const stories = [
    "Great Lakes",
    "Vantor",
    "Kestrel",
    "Respira-1",
    "310,000",
    "Brannigan",
    "Salt Orchard",
    "Odile",
  ];
  const outletsByStory = new Map<string, Set<string>>(stories.map((s) => [s, new Set()]));
  const categories = new Set<string>();
  const titles: string[] = [];
  for (const file of files) {
    const source = sourceIdForFileName(file);
    expect(source && known.has(source), file).toBe(true);
    const feed = await parseFeed(fs.readFileSync(path.join(DEMO_DIR, file)));
    expect(feed.title).toMatch(/\(demo snapshot\)$/);
    for (const item of feed.items) {
      expect(item.link).toMatch(/^https:\/\/example\.com\/demo\//);
      const category = item.categories[0];
      expect(CATEGORY_IDS as readonly string[]).toContain(category);
      categories.add(category);
      titles.push(item.title!);
      const told = stories.filter((s) => `${item.title} ${item.description}`.includes(s));
      expect(told, item.title).toHaveLength(1);
      outletsByStory.get(told[0])!.add(source!);
    }
  }
  expect(files.length).toBeGreaterThanOrEqual(12);
  expect([...categories].sort()).toEqual([...CATEGORY_IDS].sort());
  for (const [story, outlets] of outletsByStory) {
    expect(outlets.size, story).toBeGreaterThanOrEqual(3);
    expect(outlets.size, story).toBeLessThanOrEqual(5);
  }
  expect(new Set(titles).size).toBe(titles.length); // every outlet words its story differently
  // That none is copied from a real feed is checked against the saved real feeds by
  // tests/data/demo-snapshot-original.test.ts (npm run test:data).
});
