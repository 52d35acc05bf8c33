/**
 * The demo snapshot (lib/ingest/demo, docs/decisions/010-demo-snapshot.md) is written by the
 * team: no headline of it appears in any saved real feed of the data folder (feeds/dev; eval/
 * is for acceptance only and never read by tests).
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { parseFeed } from "@/lib/ingest/parse";
import { sharedDataPath } from "../helpers/shared-data";

const DEMO_DIR = path.join(process.cwd(), "lib", "ingest", "demo");

it("copies nothing from real feeds: no demo title appears in any saved real feed", async () => {
  const titles: string[] = [];
  for (const file of fs.readdirSync(DEMO_DIR).filter((f) => f.endsWith(".xml"))) {
    for (const item of (await parseFeed(fs.readFileSync(path.join(DEMO_DIR, file)))).items) titles.push(item.title!);
  }
  expect(titles.length).toBeGreaterThan(30);
  const dev = sharedDataPath("feeds", "dev");
  const real = fs.readdirSync(dev).filter((f) => f.endsWith(".xml")).map((f) => fs.readFileSync(path.join(dev, f), "utf8")).join("\n");
  expect(real.length).toBeGreaterThan(100_000);
  for (const t of titles) expect(real.includes(t), t).toBe(false);
});
