/**
 * The comparison-card table's queries (ComparisonCard, and its memberships in CardArticle), all
 * of them: a rebuild's changes applied in one transaction with the reads it diffs against and the
 * fingerprint of what it built from, the demo snapshot's cards removed, and the reads of the card
 * list, a card, the topic search, on-demand generation, the start-up demo, an outlet's profile,
 * the analysis cache and the metrics.
 */

import { createHash } from "node:crypto";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import type { SqlRunner } from "@/lib/database/open";
import type { CardChanges, StoredCard } from "@/lib/cluster/cards/card-changes";
import { utc } from "./sql-time";
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

/** The Prisma include that loads a card with its articles (in order) and their sources. */
export const CARD_INCLUDE = {
  articles: { orderBy: { position: "asc" }, include: { article: { include: { source: true } } } },
} as const satisfies Prisma.ComparisonCardInclude;

/** A card with its articles (in order) and their sources. */
export type CardRow = Prisma.ComparisonCardGetPayload<{ include: typeof CARD_INCLUDE }>;

/** Live: not retired, its latest article within the window that starts at `since`. */
const liveSince = (since: Date) => ({ retiredAt: null, latestPublishedAt: { gte: since } });

/** One card, live or retired, with its articles; null when no card has the id. */
export function findCardRow(prisma: PrismaClient, id: string): Promise<CardRow | null> {
  return prisma.comparisonCard.findUnique({ where: { id }, include: CARD_INCLUDE });
}

/** The cards of `ids` with their articles, in no order. */
export function findCardRows(prisma: PrismaClient, ids: string[]): Promise<CardRow[]> {
  return prisma.comparisonCard.findMany({ where: { id: { in: ids } }, include: CARD_INCLUDE });
}

/** The newest `limit` live cards of a category covering any of `countries`, with their articles. */
export function liveCardsOfSelection(
  prisma: PrismaClient,
  selection: { countries: string[]; category: string; since: Date; limit: number },
): Promise<CardRow[]> {
  const { countries, category, since, limit } = selection;
  return prisma.comparisonCard.findMany({
    where: {
      ...liveSince(since),
      category: category as CardRow["category"],
      countries: { hasSome: countries },
    },
    orderBy: [{ latestPublishedAt: "desc" }, { id: "asc" }],
    take: limit,
    include: CARD_INCLUDE,
  });
}

/** The live stories (with articles) outside category general for any of `countries`: id, category, countries. */
export function liveStoriesOutside(prisma: PrismaClient, since: Date, countries: string[]) {
  return prisma.comparisonCard.findMany({
    where: {
      ...liveSince(since),
      articleCount: { gt: 0 },
      NOT: { category: "general", countries: { hasSome: countries } },
    },
    select: { id: true, category: true, countries: true },
  });
}

/** How many live cards of the window a category has for one country. */
export function countLiveCardsOfPair(
  prisma: PrismaClient,
  country: string,
  category: CardRow["category"],
  since: Date,
): Promise<number> {
  return prisma.comparisonCard.count({
    where: { ...liveSince(since), category, countries: { has: country } },
  });
}

/** How many live cards the window that starts at `since` holds. */
export function countLiveCardsSince(prisma: PrismaClient, since: Date): Promise<number> {
  return prisma.comparisonCard.count({ where: liveSince(since) });
}

/**
 * The live cards holding articles of the window that match a topic search: the story told by more
 * outlets first, then the one with more matching reports, then the newest. The match is
 * lib/storage/articles.ts SEARCH_SQL's, over every matching article rather than the newest page
 * of them, so a large story is never cut off.
 */
export const SEARCH_CARDS_SQL = `
SELECT h."cardId" FROM (
  SELECT ca."cardId", count(*) AS hits
  FROM "Article" a JOIN "CardArticle" ca ON ca."articleId" = a.id
  WHERE a."searchVector" @@ plainto_tsquery('english', $1)
    AND a."publishedAt" >= ($2::timestamptz AT TIME ZONE 'UTC')
    AND (cardinality($3::text[]) = 0 OR a."countries" && $3::text[])
  GROUP BY ca."cardId"
) h JOIN "ComparisonCard" c ON c.id = h."cardId"
WHERE c."retiredAt" IS NULL
ORDER BY c."sourceCount" DESC, h.hits DESC, c."latestPublishedAt" DESC, c.id ASC
LIMIT $4`;

/** The ids of up to `limit` live cards matching a search (SEARCH_CARDS_SQL), in order. */
export async function searchCardIds(
  sql: SqlRunner,
  search: { q: string; since: string; country: string[]; limit: number },
): Promise<string[]> {
  const rows = await sql.query<{ cardId: string }>(SEARCH_CARDS_SQL, [
    search.q,
    search.since,
    search.country,
    search.limit,
  ]);
  return rows.map((r) => r.cardId);
}

const STORY_SELECT = {
  id: true,
  topic: true,
  category: true,
  countries: true,
  latestPublishedAt: true,
  sourceCount: true,
} as const;

const NEWEST_FIRST = [{ latestPublishedAt: "desc" as const }, { id: "asc" as const }];

/** The live stories of the window an outlet reported in: how many, and the newest `take` with their reports' outlets and times. */
export async function storiesCoveredBy(prisma: PrismaClient, sourceId: string, since: Date, take: number) {
  const where = { ...liveSince(since), articles: { some: { article: { sourceId } } } };
  const [total, stories] = await Promise.all([
    prisma.comparisonCard.count({ where }),
    prisma.comparisonCard.findMany({
      where,
      orderBy: NEWEST_FIRST,
      take,
      select: {
        ...STORY_SELECT,
        articles: {
          orderBy: { position: "asc" },
          select: { article: { select: { id: true, sourceId: true, publishedAt: true } } },
        },
      },
    }),
  ]);
  return { total, stories };
}

/**
 * The live stories of the window an outlet did not report in, among those of its categories and
 * countries told by at least `minOutlets` outlets: how many, and the `take` told by most outlets.
 */
export async function storiesLeftOutBy(
  prisma: PrismaClient,
  source: { id: string; categories: CardRow["category"][]; coverage: string[] },
  since: Date,
  limits: { minOutlets: number; take: number },
) {
  const where = {
    ...liveSince(since),
    category: { in: source.categories },
    countries: { hasSome: source.coverage },
    sourceCount: { gte: limits.minOutlets },
    articles: { none: { article: { sourceId: source.id } } },
  };
  const [total, stories] = await Promise.all([
    prisma.comparisonCard.count({ where }),
    prisma.comparisonCard.findMany({
      where,
      orderBy: [{ sourceCount: "desc" }, ...NEWEST_FIRST],
      take: limits.take,
      select: STORY_SELECT,
    }),
  ]);
  return { total, stories };
}

/**
 * What outlet profiles depend on, in one short statement: the fingerprint the last rebuild of any
 * instance stored with the cards (BUILT_FROM), and the feeds' latest update (every fetch writes
 * its feed).
 */
export async function cardsAndFeedsState(
  sql: SqlRunner,
): Promise<{ cards: string | null; feeds: string | null }> {
  const [row] = await sql.query<{ cards: string | null; feeds: string | null }>(
    `SELECT (SELECT value::text FROM "Counter" WHERE name = $1) AS cards,
            (SELECT max("updatedAt")::text FROM "Feed") AS feeds`,
    [BUILT_FROM],
  );
  return { cards: row?.cards ?? null, feeds: row?.feeds ?? null };
}
