/**
 * The comparison-card table's writes (and the reads a rebuild diffs against), in one module:
 * a rebuild's changes applied in one transaction, and the demo snapshot's cards removed.
 */

import type { PrismaClient } from "@/generated/prisma/client";
import type { CardChanges, StoredCard } from "@/lib/cluster/card-changes";

/** Retired cards are kept this long so old links still find their successor. */
const RETIRED_KEEP_MS = 14 * 24 * 60 * 60 * 1000;

/** Every stored card, retired ones included, with its members in order. */
export async function loadStoredCards(prisma: PrismaClient): Promise<StoredCard[]> {
  const rows = await prisma.comparisonCard.findMany({
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
  return rows.map(({ articles, ...card }) => ({ ...card, articleIds: articles.map((m) => m.articleId) }));
}

/**
 * Writes a rebuild's changes in one transaction: creates, updates, retirements (at `now`),
 * memberships, and the purge of cards retired longer than the keep time.
 */
export async function applyCardChanges(prisma: PrismaClient, changes: CardChanges, now: Date): Promise<void> {
  await prisma.$transaction(
    async (tx) => {
      for (const { id, data } of changes.create) await tx.comparisonCard.create({ data: { id, ...data } });
      for (const { id, data } of changes.update) await tx.comparisonCard.update({ where: { id }, data });
      for (const r of changes.retire) {
        await tx.comparisonCard.update({
          where: { id: r.id },
          data: { retiredAt: now, successorId: r.successorId },
        });
      }
      if (changes.clearMembers.length)
        await tx.cardArticle.deleteMany({ where: { cardId: { in: changes.clearMembers } } });
      if (changes.members.length) {
        const rewritten = [...new Set(changes.members.map((m) => m.cardId))];
        // An article may still sit in another card that this run leaves unchanged; move it.
        await tx.cardArticle.deleteMany({
          where: { articleId: { in: changes.members.map((m) => m.articleId) }, cardId: { notIn: rewritten } },
        });
        await tx.cardArticle.createMany({ data: changes.members });
      }
      await tx.comparisonCard.deleteMany({
        where: { retiredAt: { lt: new Date(now.getTime() - RETIRED_KEEP_MS) } },
      });
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/** Deletes the cards built from the demo snapshot. */
export async function deleteDemoCards(prisma: PrismaClient): Promise<void> {
  await prisma.comparisonCard.deleteMany({ where: { isDemo: true } });
}
