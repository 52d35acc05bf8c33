/**
 * The comparison-card table's writes (and the reads a rebuild diffs against), in one module:
 * a rebuild's changes applied in one transaction, and the demo snapshot's cards removed.
 */

import { createHash } from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";
import type { CardChanges, StoredCard } from "@/lib/cluster/card-changes";
import { readInPages } from "./yield";

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

/**
 * Rows per statement of a rebuild's bulk writes. A fresh window's first rebuild creates every card
 * and membership: 1,031 cards and 5,300 memberships in one statement each held the embedded
 * database's thread (the main one) for 360 ms (issue 34). Each statement is one turn of the event
 * loop (lib/database/open.ts), so a turn is one chunk; the rows travel as one array parameter per
 * column (unnest), not one bind parameter per value, whose preparation in Prisma cost as much as
 * the insert (as for the ingest's store, decision 011).
 */
const ROWS_PER_STATEMENT = 200;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** A timestamp written as Prisma writes one: UTC wall time in a column without a time zone. */
const utc = (param: string) => `(${param}::timestamptz AT TIME ZONE 'UTC')`;

/** New cards, a chunk at a time (retiredAt and successorId are null, the summary unset). */
async function createCards(tx: Tx, create: CardChanges["create"]): Promise<void> {
  for (const rows of chunks(create)) {
    const col = <T>(f: (c: CardChanges["create"][number]) => T) => rows.map(f);
    await tx.$executeRawUnsafe(
      `INSERT INTO "ComparisonCard" ("id", "topic", "category", "country", "countries", "mainArticleId",
         "articleCount", "sourceCount", "confidence", "isDemo", "latestPublishedAt", "createdAt", "updatedAt")
       SELECT id, topic, category::"Category", country, string_to_array(countries, ','), main, articles, sources,
              confidence, demo, ${utc("latest")}, ${utc("now()")}, ${utc("now()")}
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::int[],
                   $9::float8[], $10::boolean[], $11::text[])
         AS t(id, topic, category, country, countries, main, articles, sources, confidence, demo, latest)`,
      col((c) => c.id),
      col((c) => c.data.topic),
      col((c) => c.data.category),
      col((c) => c.data.country),
      col((c) => c.data.countries.join(",")),
      col((c) => c.data.mainArticleId),
      col((c) => c.data.articleCount),
      col((c) => c.data.sourceCount),
      col((c) => c.data.confidence),
      col((c) => c.data.isDemo),
      col((c) => c.data.latestPublishedAt.toISOString()),
    );
  }
}

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

/** The memberships of a rebuild: those of rewritten and retired cards cleared, the new ones written. */
async function writeMembers(tx: Tx, changes: CardChanges): Promise<void> {
  for (const cardIds of chunks(changes.clearMembers))
    await tx.cardArticle.deleteMany({ where: { cardId: { in: cardIds } } });
  // An article may still sit in a card this run leaves unchanged (every rewritten card's were
  // cleared above): it moves.
  for (const members of chunks(changes.members)) {
    const articleIds = members.map((m) => m.articleId);
    await tx.cardArticle.deleteMany({ where: { articleId: { in: articleIds } } });
    await tx.$executeRawUnsafe(
      `INSERT INTO "CardArticle" ("cardId", "articleId", "position")
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[])`,
      members.map((m) => m.cardId),
      articleIds,
      members.map((m) => m.position),
    );
  }
}

/**
 * Writes a rebuild's changes in one transaction: creates, updates, retirements (at `now`),
 * memberships, the purge of cards retired longer than the keep time, and the fingerprint of
 * the window (as hashed before it was loaded) and of the card table as written. Bulk writes go
 * ROWS_PER_STATEMENT rows at a time.
 */
export async function applyCardChanges(
  prisma: PrismaClient,
  changes: CardChanges,
  now: Date,
  windowHash: string,
): Promise<void> {
  await prisma.$transaction(
    async (tx) => {
      await createCards(tx, changes.create);
      for (const { id, data } of changes.update) await tx.comparisonCard.update({ where: { id }, data });
      for (const r of changes.retire)
        await tx.comparisonCard.update({
          where: { id: r.id },
          data: { retiredAt: now, successorId: r.successorId },
        });
      await writeMembers(tx, changes);
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
  await refreshCardStatistics(prisma);
}

/**
 * Gives the query planner fresh statistics of the card tables, after a rebuild rewrote them.
 * PGlite runs no autovacuum, so without this its planner never has any: it guessed 4 live cards
 * among 1,011 and looked each search hit's card up by scanning every live card (a topic search
 * 150 ms, an outlet profile's count 30 ms, on 5,300 articles; 9 ms and 2 ms with statistics).
 * Two short statements (about 20 and 10 ms there); on PostgreSQL, autovacuum's work done now.
 */
async function refreshCardStatistics(prisma: PrismaClient): Promise<void> {
  await prisma.$executeRawUnsafe('ANALYZE "ComparisonCard"');
  await prisma.$executeRawUnsafe('ANALYZE "CardArticle"');
}

/** Deletes the cards built from the demo snapshot. */
export async function deleteDemoCards(prisma: PrismaClient): Promise<void> {
  await prisma.comparisonCard.deleteMany({ where: { isDemo: true } });
}
