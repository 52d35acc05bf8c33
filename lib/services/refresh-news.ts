import "server-only";

/**
 * Refreshing the news: an ingest run, then the demo snapshot's rules and re-clustering. The
 * scheduler tick, operator and on-demand generation and `npm run ingest` come through here.
 */

import { getPrisma } from "@/lib/db";
import { env } from "@/lib/env";
import { isDraining, trackTask } from "@/lib/lifecycle/shutdown";
import { logger } from "@/lib/log";
import { countArticlesByDemo, deleteDemoArticles } from "@/lib/storage/articles";
import { deleteDemoCards } from "@/lib/storage/cards";
import { countProductiveRuns } from "@/lib/storage/runs";
import { loadDemoSnapshot } from "./load-demo-snapshot";
import { rebuildCards, type RebuildSummary } from "./rebuild-cards";
import { runIngest, type IngestSummary, type RunIngestOptions } from "./run-ingest";

export interface RefreshOptions extends Omit<RunIngestOptions, "demo"> {
  /** Overrides DEMO_SNAPSHOT (tests). */
  demoSnapshot?: "auto" | "off" | "always";
  /**
   * Re-cluster only when this run stored or changed an article (or the demo snapshot changed):
   * on-demand generation, which must never re-cluster a window it added nothing to (issue 34).
   * Otherwise every refresh re-clusters (a rebuild that finds the window unchanged writes nothing).
   */
  onlyIfChanged?: boolean;
}

export interface RefreshSummary {
  ingest: IngestSummary;
  demo: {
    /** The run that loaded the demo snapshot, when this refresh loaded it. */
    loaded: IngestSummary | null;
    /** Demo articles deleted because real ones arrived. */
    removed: number;
  };
  /** The re-clustering that followed (null when a shutdown cut the run short, or none was needed). */
  cards: RebuildSummary | null;
}

/** True when nothing real was ever stored and this run got nothing from the network. */
async function isOfflineFirstStart(ingest: IngestSummary): Promise<boolean> {
  const gotSomething = ingest.outcomes.some((o) => o.status === "ok" || o.status === "not_modified");
  if (gotSomething || ingest.outcomes.length === 0) return false;
  const prisma = getPrisma();
  const [realArticles, productiveRuns] = await Promise.all([
    countArticlesByDemo(prisma, false),
    countProductiveRuns(prisma),
  ]);
  return realArticles === 0 && productiveRuns === 0;
}

/** Deletes the demo snapshot (articles and the cards built from them). */
async function removeDemoContent(): Promise<number> {
  const prisma = getPrisma();
  const count = await deleteDemoArticles(prisma);
  await deleteDemoCards(prisma);
  return count;
}

/**
 * Brings the news up to date: ingests the feeds, then handles the demo snapshot
 * (DEMO_SNAPSHOT: "auto" loads it on an offline first start and removes it once real
 * articles arrive; "always" keeps it loaded; "off" never), then re-clusters the articles
 * into comparison cards. The scheduler, the command line and the operator routes call this.
 */
export function refreshNews(options: RefreshOptions = {}): Promise<RefreshSummary> {
  // A shutdown waits for the whole refresh, re-clustering included.
  return trackTask(refresh(options));
}

async function refresh(options: RefreshOptions): Promise<RefreshSummary> {
  const mode = options.demoSnapshot ?? env.DEMO_SNAPSHOT;
  const ingest = await runIngest(options);
  const demo: RefreshSummary["demo"] = { loaded: null, removed: 0 };
  // A run cut short by a shutdown says nothing about the network.
  if (isDraining()) return { ingest, demo, cards: null };
  if (mode === "auto" && ingest.totals.new > 0) {
    demo.removed = await removeDemoContent();
  } else if (mode === "auto" && (await isOfflineFirstStart(ingest))) {
    demo.loaded = await loadDemoSnapshot({ now: options.now, onlyIfMissing: true });
  } else if (mode === "always") {
    demo.loaded = await loadDemoSnapshot({ now: options.now, onlyIfMissing: true });
  }
  if (demo.loaded)
    logger.info({ runId: demo.loaded.runId, articles: demo.loaded.totals.new }, "demo snapshot loaded");
  if (demo.removed) logger.info({ removed: demo.removed }, "real articles arrived; demo snapshot removed");
  const changed = ingest.totals.new + ingest.totals.updated > 0 || demo.loaded || demo.removed > 0;
  const cards = options.onlyIfChanged && !changed ? null : await rebuildCards(options.now);
  return { ingest, demo, cards };
}
