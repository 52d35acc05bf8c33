import "server-only";

/**
 * The bundled demo snapshot: feeds the team wrote (invented stories, several outlets each,
 * overlapping so cards form) for machines that cannot reach the outlets. Stored with
 * isDemo, in a run with trigger "demo". See docs/decisions/010-demo-snapshot.md.
 */

import fs from "node:fs";
import path from "node:path";
import { getPrisma } from "@/lib/db";
import { parseFeedDate } from "@/lib/ingest/dates";
import { parseFeed } from "@/lib/ingest/parse";
import { countArticlesByDemo, deleteDemoArticles } from "@/lib/storage/articles";
import { runIngest, type IngestSummary } from "./run-ingest";

export const DEMO_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "ingest", "demo");

/** The newest story is dated this long before the load; the rest keep their spacing (~24 h). */
const NEWEST_AGE_MS = 20 * 60_000;

async function newestDemoDate(files: string[]): Promise<number> {
  let newest = 0;
  for (const file of files) {
    const feed = await parseFeed(fs.readFileSync(path.join(DEMO_DIR, file)));
    for (const item of feed.items)
      newest = Math.max(newest, ...item.dates.map((d) => parseFeedDate(d)?.getTime() ?? 0));
  }
  return newest;
}

/**
 * Loads the demo snapshot with its dates rebased to `now`, replacing any demo articles
 * already stored. With `onlyIfMissing`, does nothing while demo articles are present.
 */
export async function loadDemoSnapshot(
  options: { now?: Date; onlyIfMissing?: boolean } = {},
): Promise<IngestSummary | null> {
  const prisma = getPrisma();
  if (options.onlyIfMissing && (await countArticlesByDemo(prisma, true)) > 0) return null;
  const now = options.now ?? new Date();
  const files = fs.readdirSync(DEMO_DIR).filter((f) => f.endsWith(".xml"));
  const shiftDatesMs = now.getTime() - NEWEST_AGE_MS - (await newestDemoDate(files));
  await deleteDemoArticles(prisma);
  return runIngest({ fromDir: DEMO_DIR, trigger: "demo", now, demo: { shiftDatesMs } });
}
