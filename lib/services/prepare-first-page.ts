import "server-only";

/**
 * A newcomer's first minute (issue 26, decision 123): at start, before and apart from the first
 * fetch of the feeds, an empty news window gets the labelled demo snapshot at once, so the first
 * page never waits for feeds that time out. The first fetch that stores real articles replaces it
 * (refreshNews removes the demo once real articles arrive). DEMO_SNAPSHOT=always loads it here too.
 */

import { getDatabase, getPrisma } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { newsWindowStart } from "@/lib/news-window";
import { countLiveCardsSince } from "@/lib/storage/cards";
import { loadDemoSnapshot } from "./load-demo-snapshot";
import { rebuildCards } from "./rebuild-cards";

export type FirstPage =
  /** The demo snapshot was loaded and clustered: the window had no story, or DEMO_SNAPSHOT=always. */
  | "demo loaded"
  /** DEMO_SNAPSHOT=always and the demo's articles were stored already: clustered again. */
  | "demo kept"
  /** DEMO_SNAPSHOT=auto and the window already has stories (real or demo): nothing to do. */
  | "stories present"
  /** DEMO_SNAPSHOT=off: the demo is never loaded. */
  | "off"
  /** Another ingest holds the lock; it will fill the window itself. */
  | "ingest running";

/**
 * The start-up demo, the one place it is loaded at start (decisions 010 and 123), under the
 * ingest lock so it never races a fetch. DEMO_SNAPSHOT=auto: when no live story is in the news
 * window, the demo snapshot (dated to `now`) is loaded and clustered. DEMO_SNAPSHOT=always: it is
 * loaded unless its articles are stored already, and the cards are rebuilt either way.
 */
export async function prepareFirstPage(
  options: {
    now?: Date;
    /** Overrides DEMO_SNAPSHOT (tests). */ demoSnapshot?: "auto" | "off" | "always";
  } = {},
): Promise<FirstPage> {
  const now = options.now ?? new Date();
  const mode = options.demoSnapshot ?? env.DEMO_SNAPSHOT;
  if (mode === "off") return "off";
  const prisma = getPrisma();
  const windowHasStories = async () => (await countLiveCardsSince(prisma, newsWindowStart(now))) > 0;
  if (mode === "auto" && (await windowHasStories())) return "stories present";
  const result = await getDatabase().tryWithLock("ingest", async (): Promise<FirstPage> => {
    // Checked again under the lock: a fetch may have filled the window meanwhile.
    if (mode === "auto" && (await windowHasStories())) return "stories present";
    const loaded = await loadDemoSnapshot({ now, onlyIfMissing: mode === "always" });
    await rebuildCards(now);
    if (!loaded) return "demo kept";
    logger.info({ articles: loaded.totals.new, mode }, "demo snapshot loaded at start");
    return "demo loaded";
  });
  return result.acquired ? result.value : "ingest running";
}
