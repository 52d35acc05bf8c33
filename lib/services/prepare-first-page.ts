import "server-only";

/**
 * A newcomer's first minute (issue 26, decision 123): at start, before and apart from the first
 * fetch of the feeds, an empty news window gets the labelled demo snapshot at once, so the first
 * page never waits for feeds that time out. The first fetch that stores real articles replaces it
 * (refreshNews removes the demo once real articles arrive).
 */

import { getDatabase, getPrisma } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { newsWindowStart } from "@/lib/news-window";
import { loadDemoSnapshot } from "./load-demo-snapshot";
import { rebuildCards } from "./rebuild-cards";

export type FirstPage =
  /** The window had no story: the demo snapshot was loaded and clustered. */
  | "demo loaded"
  /** The window already has stories (real or demo): nothing to do. */
  | "stories present"
  /** DEMO_SNAPSHOT is not "auto" ("always" loads it from the scheduler; "off" never). */
  | "not auto"
  /** Another ingest holds the lock; it will fill the window itself. */
  | "ingest running";

/**
 * With DEMO_SNAPSHOT=auto and no live story in the news window, loads the demo snapshot (dated
 * to `now`) and clusters it, under the ingest lock so it never races a fetch.
 */
export async function prepareFirstPage(
  options: {
    now?: Date;
    /** Overrides DEMO_SNAPSHOT (tests). */ demoSnapshot?: "auto" | "off" | "always";
  } = {},
): Promise<FirstPage> {
  const now = options.now ?? new Date();
  if ((options.demoSnapshot ?? env.DEMO_SNAPSHOT) !== "auto") return "not auto";
  const prisma = getPrisma();
  const live = { retiredAt: null, latestPublishedAt: { gte: newsWindowStart(now) } };
  if ((await prisma.comparisonCard.count({ where: live })) > 0) return "stories present";
  const result = await getDatabase().tryWithLock("ingest", async () => {
    // Checked again under the lock: a fetch may have filled the window meanwhile.
    if ((await prisma.comparisonCard.count({ where: live })) > 0) return "stories present" as const;
    const loaded = await loadDemoSnapshot({ now });
    await rebuildCards(now);
    logger.info({ articles: loaded?.totals.new ?? 0 }, "empty news window: demo snapshot loaded at start");
    return "demo loaded" as const;
  });
  return result.acquired ? result.value : "ingest running";
}
