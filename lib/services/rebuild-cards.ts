import "server-only";

/**
 * Re-clustering: turns the news window's articles into comparison cards after every ingest,
 * keeping card ids stable (docs/decisions/021-card-id-continuity.md).
 */

import { assignCardIds } from "@/lib/cluster/assign-card-ids";
import { buildCardDraft, isCardWorthy, type CardDraft } from "@/lib/cluster/build-card";
import { planCardChanges } from "@/lib/cluster/card-changes";
import { clusterArticles } from "@/lib/cluster/cluster-articles";
import type { ClusterArticle } from "@/lib/cluster/types";
import { getDatabase } from "@/lib/db";
import { trackTask } from "@/lib/lifecycle/shutdown";
import { invalidateReadCache } from "@/lib/read-cache";
import { loadWindowArticles } from "@/lib/storage/articles";
import { applyCardChanges, loadStoredCards } from "@/lib/storage/cards";

export interface RebuildSummary {
  articles: number;
  cards: number;
  created: number;
  updated: number;
  unchanged: number;
  retired: number;
  ms: number;
}

/** The card drafts of a window: its clusters covered widely enough to make a card. */
function draftCards(articles: ClusterArticle[]): CardDraft[] {
  const byId = new Map(articles.map((a) => [a.id, a]));
  return clusterArticles(articles)
    .filter((c) => isCardWorthy(c, byId))
    .map((c) => buildCardDraft(c, byId));
}

/**
 * Re-clusters every article of the 72-hour window into comparison cards (runs after every
 * ingest). A story keeps its card id as it gains or loses articles; a merge or split
 * retires the absorbed card with its successor, so links, analyses and caches stay valid.
 * One rebuild at a time across instances; everything commits in one transaction.
 */
export function rebuildCards(now = new Date()): Promise<RebuildSummary> {
  const started = performance.now();
  const db = getDatabase();
  return trackTask(
    db.withLock("rebuild-cards", async () => {
      // Load, cluster, diff, write.
      const articles = await loadWindowArticles(db.prisma, now);
      const drafts = draftCards(articles);
      const stored = await loadStoredCards(db.prisma);
      // Retired cards take part with no articles: their ids are never handed out again.
      const ids = assignCardIds(
        stored.map((c) => ({ id: c.id, createdAt: c.createdAt, articleIds: c.articleIds })),
        drafts,
      );
      const demoIds = new Set(articles.filter((a) => a.isDemo).map((a) => a.id));
      const changes = planCardChanges(stored, ids, demoIds);
      await applyCardChanges(db.prisma, changes, now);
      invalidateReadCache();
      return {
        articles: articles.length,
        cards: ids.assignments.length,
        created: changes.create.length,
        updated: changes.update.length,
        unchanged: changes.unchanged,
        retired: changes.retire.length,
        ms: Math.round(performance.now() - started),
      };
    }),
  );
}
