import "server-only";

/**
 * Re-clustering: turns the news window's articles into comparison cards after every ingest,
 * keeping card ids stable (docs/decisions/021-card-id-continuity.md).
 */

import { assignCardIds, type PreviousCard } from "@/lib/cluster/assign-card-ids";
import { buildCardDraft, isCardWorthy } from "@/lib/cluster/build-card";
import { clusterArticles } from "@/lib/cluster/cluster-articles";
import type { ClusterArticle } from "@/lib/cluster/types";
import { getDatabase } from "@/lib/db";
import { trackTask } from "@/lib/lifecycle/shutdown";
import { newsWindowStart } from "@/lib/news-window";
import { invalidateReadCache } from "@/lib/read-cache";

export interface RebuildSummary {
  articles: number;
  cards: number;
  created: number;
  updated: number;
  unchanged: number;
  retired: number;
  ms: number;
}

/**
 * A card's confidence moves a little whenever the window's other articles change its word
 * weights; smaller moves than this are not worth a write (and a new ETag for every reader).
 */
const CONFIDENCE_STEP = 0.02;

/** Retired cards are kept this long so old links still find their successor. */
const RETIRED_KEEP_MS = 14 * 24 * 60 * 60 * 1000;

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

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
      const prisma = db.prisma;
      const rows = await prisma.article.findMany({
        where: { publishedAt: { gte: newsWindowStart(now) } },
        select: {
          id: true,
          title: true,
          summary: true,
          url: true,
          sourceId: true,
          publishedAt: true,
          category: true,
          countries: true,
          imageUrl: true,
          isDemo: true,
        },
      });
      const articles: ClusterArticle[] = rows;
      const byId = new Map(articles.map((a) => [a.id, a]));
      const demoIds = new Set(rows.filter((r) => r.isDemo).map((r) => r.id));
      const drafts = clusterArticles(articles)
        .filter((c) => isCardWorthy(c, byId))
        .map((c) => buildCardDraft(c, byId));

      const existing = await prisma.comparisonCard.findMany({
        select: {
          id: true,
          createdAt: true,
          retiredAt: true,
          topic: true,
          category: true,
          country: true,
          countries: true,
          mainArticleId: true,
          confidence: true,
          latestPublishedAt: true,
          articles: { select: { articleId: true }, orderBy: { position: "asc" } },
        },
      });
      const byCardId = new Map(existing.map((c) => [c.id, c]));
      // Retired cards take part with no articles: their ids are never handed out again.
      const previous: PreviousCard[] = existing.map((c) => ({
        id: c.id,
        createdAt: c.createdAt,
        articleIds: c.articles.map((m) => m.articleId),
      }));
      const { assignments, retired } = assignCardIds(previous, drafts);

      const summary = {
        articles: articles.length,
        cards: assignments.length,
        created: 0,
        updated: 0,
        unchanged: 0,
        retired: 0,
      };
      await prisma.$transaction(
        async (tx) => {
          const rewriteMembers: string[] = [];
          for (const { cardId, draft } of assignments) {
            const data = {
              topic: draft.topic,
              category: draft.category,
              country: draft.country || draft.countries[0] || "us",
              countries: draft.countries,
              mainArticleId: draft.mainArticleId,
              articleCount: draft.articleIds.length,
              sourceCount: draft.sourceCount,
              confidence: draft.confidence,
              isDemo: draft.articleIds.some((id) => demoIds.has(id)),
              latestPublishedAt: draft.latestPublishedAt,
              retiredAt: null,
              successorId: null,
            };
            const old = byCardId.get(cardId);
            if (!old) {
              await tx.comparisonCard.create({ data: { id: cardId, ...data } });
              summary.created++;
              rewriteMembers.push(cardId);
              continue;
            }
            const membersChanged = !sameList(
              old.articles.map((m) => m.articleId),
              draft.articleIds,
            );
            const fieldsChanged =
              old.retiredAt !== null ||
              old.topic !== data.topic ||
              old.category !== data.category ||
              old.country !== data.country ||
              !sameList(old.countries, data.countries) ||
              old.mainArticleId !== data.mainArticleId ||
              Math.abs(old.confidence - data.confidence) >= CONFIDENCE_STEP ||
              old.latestPublishedAt.getTime() !== data.latestPublishedAt.getTime();
            if (!membersChanged && !fieldsChanged) {
              summary.unchanged++;
              continue;
            }
            await tx.comparisonCard.update({ where: { id: cardId }, data });
            if (membersChanged) rewriteMembers.push(cardId);
            summary.updated++;
          }
          const newlyRetired = retired.filter((r) => byCardId.get(r.id)?.retiredAt === null);
          for (const r of newlyRetired) {
            await tx.comparisonCard.update({
              where: { id: r.id },
              data: { retiredAt: now, successorId: r.successorId },
            });
          }
          summary.retired = newlyRetired.length;
          // Memberships: an article belongs to at most one live card.
          const clear = [...rewriteMembers, ...newlyRetired.map((r) => r.id)];
          if (clear.length) await tx.cardArticle.deleteMany({ where: { cardId: { in: clear } } });
          const rewrite = new Set(rewriteMembers);
          const members = assignments
            .filter((a) => rewrite.has(a.cardId))
            .flatMap((a) =>
              a.draft.articleIds.map((articleId, position) => ({ cardId: a.cardId, articleId, position })),
            );
          if (members.length) {
            // An article may still sit in another card that this run leaves unchanged; move it.
            await tx.cardArticle.deleteMany({
              where: { articleId: { in: members.map((m) => m.articleId) }, cardId: { notIn: [...rewrite] } },
            });
            await tx.cardArticle.createMany({ data: members });
          }
          await tx.comparisonCard.deleteMany({
            where: { retiredAt: { lt: new Date(now.getTime() - RETIRED_KEEP_MS) } },
          });
        },
        { timeout: 120_000, maxWait: 30_000 },
      );
      invalidateReadCache();
      return { ...summary, ms: Math.round(performance.now() - started) };
    }),
  );
}
