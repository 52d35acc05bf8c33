/**
 * The comparison-card table's writes (and the reads a rebuild diffs against), in one module:
 * a rebuild's changes applied in one transaction, and the demo snapshot's cards removed.
 */

import { createHash } from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";
import type { CardChanges, StoredCard } from "@/lib/cluster/card-changes";
import { readInPages, yieldToEventLoop } from "./yield";

/** Retired cards are kept this long so old links still find their successor. */
const RETIRED_KEEP_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The counter row holding what the last rebuild (of any instance) wrote: a fingerprint of the
 * window it built from (lib/storage/articles.ts windowFingerprint) and of the card table as it
 * left it, so a later edit of either (new articles, the demo snapshot's removal) is seen.
 */
const BUILT_FROM = "cards.built-from";

type Queryable = Pick<PrismaClient, "$queryRawUnsafe">;

/** A hash of the card table's state: cards, their last update, memberships. */
async function cardTableHash(db: Queryable): Promise<string> {
  const [row] = await db.$queryRawUnsafe<{ h: string }[]>(
    `SELECT md5(count(*)::text || ':' || coalesce(max("updatedAt")::text, '') || ':' ||
                (SELECT count(*) FROM "CardArticle")::text) AS h
     FROM "ComparisonCard"`,
  );
  return row.h;
}

// 60 bits of the hash fit the counter column (a signed 64-bit integer).
const fingerprint = (windowHash: string, cardHash: string) =>
  BigInt(`0x${createHash("sha256").update(`${windowHash}/${cardHash}`).digest("hex").slice(0, 15)}`);

/** True when the stored cards are what a rebuild made of this window, untouched since. */
export async function isBuiltFrom(prisma: PrismaClient, windowHash: string): Promise<boolean> {
  const row = await prisma.counter.findUnique({ where: { name: BUILT_FROM } });
  return row !== null && row.value === fingerprint(windowHash, await cardTableHash(prisma));
}

/** How many cards are live. */
export function countLiveCards(prisma: PrismaClient): Promise<number> {
  return prisma.comparisonCard.count({ where: { retiredAt: null } });
}

/**
 * Cards per read: all 966 cards of a 5,300-article window with their members held PGlite's
 * event loop 140–250 ms in one read (load average 8); pages of 100 at most 76 ms, warm, at
 * load average 20.
 */
const PAGE_CARDS = 100;

/** Card writes between two turns of the event loop (one write takes 1–3 ms on PGlite). */
const WRITES_PER_TURN = 20;

/** Every stored card, retired ones included, with its members in order; read in pages by id. */
export async function loadStoredCards(prisma: PrismaClient): Promise<StoredCard[]> {
  const cards = await readInPages(PAGE_CARDS, (after, take) =>
    prisma.comparisonCard.findMany({
      where: { id: { gt: after } },
      orderBy: { id: "asc" },
      take,
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
    }),
  );
  return cards.map(({ articles, ...card }) => ({ ...card, articleIds: articles.map((m) => m.articleId) }));
}

/**
 * Writes a rebuild's changes in one transaction: creates, updates, retirements (at `now`),
 * memberships, the purge of cards retired longer than the keep time, and the fingerprint of
 * the window (as hashed before it was loaded) and of the card table as written.
 */
export async function applyCardChanges(
  prisma: PrismaClient,
  changes: CardChanges,
  now: Date,
  windowHash: string,
): Promise<void> {
  await prisma.$transaction(
    async (tx) => {
      // Every few writes the event loop turns (PGlite would otherwise hold it for the whole run).
      let writes = 0;
      const paced = async (write: () => Promise<unknown>) => {
        await write();
        if (++writes % WRITES_PER_TURN === 0) await yieldToEventLoop();
      };
      for (const { id, data } of changes.create)
        await paced(() => tx.comparisonCard.create({ data: { id, ...data } }));
      for (const { id, data } of changes.update)
        await paced(() => tx.comparisonCard.update({ where: { id }, data }));
      for (const r of changes.retire) {
        await paced(() =>
          tx.comparisonCard.update({
            where: { id: r.id },
            data: { retiredAt: now, successorId: r.successorId },
          }),
        );
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
      const value = fingerprint(windowHash, await cardTableHash(tx));
      await tx.counter.upsert({
        where: { name: BUILT_FROM },
        create: { name: BUILT_FROM, value },
        update: { value },
      });
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/** Deletes the cards built from the demo snapshot. */
export async function deleteDemoCards(prisma: PrismaClient): Promise<void> {
  await prisma.comparisonCard.deleteMany({ where: { isDemo: true } });
}
