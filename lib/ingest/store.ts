import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import type { NormalizedArticle } from "./normalize";

/**
 * Stage 4: one feed's articles, its fetch state and its outcome, committed together in one
 * transaction, so a crash never leaves half a feed (or an ETag saved for articles that were
 * not). Articles upsert by canonical URL: a re-run adds nothing twice and a changed item is
 * updated in place. Near-duplicates from the same outlet (same headline, another URL)
 * collapse into the article already stored. Only the last 72 hours are kept.
 */

/** The window of news the product keeps (SPEC §1: "cached content from the last 72 hours"). */
export const WINDOW_MS = 72 * 3_600_000;
/** Two items of one outlet with the same headline this close in time are one story. */
const NEAR_DUPLICATE_MS = 48 * 3_600_000;

export type OutcomeStatus = "ok" | "not_modified" | "error" | "skipped";

export interface FeedOutcome {
  status: OutcomeStatus;
  httpStatus: number | null;
  bytes: number;
  items: number;
  error: string | null;
}

export interface StoreInput {
  runId: string;
  sourceId: string;
  /** Null for saved files of an outlet without a registered feed (Reuters). */
  feedId: string | null;
  category: string;
  articles: NormalizedArticle[];
  /** The end of the 72-hour window, and the fetch time written on new articles. */
  now: Date;
  isDemo?: boolean;
  /** The feed's new fetch state, when it was fetched (not for saved files). */
  feedState?: Prisma.FeedUpdateInput;
  outcome: FeedOutcome;
  /** performance.now() when work on the feed began; the outcome's duration ends at commit. */
  startedAt: number;
}

export interface StoreCounts {
  newCount: number;
  updated: number;
  unchanged: number;
  /** Items older than the window, not stored. */
  tooOld: number;
  durationMs: number;
}

type Existing = { id: string; sourceId: string; contentHash: string; titleHash: string; publishedAt: Date };

function uniqueItems(articles: NormalizedArticle[]): NormalizedArticle[] {
  const urls = new Set<string>();
  const titles = new Set<string>();
  return articles.filter((a) => {
    if (urls.has(a.canonicalUrl) || (a.collapsible && titles.has(a.titleHash))) return false;
    urls.add(a.canonicalUrl);
    if (a.collapsible) titles.add(a.titleHash);
    return true;
  });
}

/** Stores one feed's result in one transaction and returns what changed. */
export async function storeFeedResult(prisma: PrismaClient, input: StoreInput): Promise<StoreCounts> {
  const windowStart = input.now.getTime() - WINDOW_MS;
  const fresh = input.articles.filter((a) => a.publishedAt.getTime() >= windowStart);
  const items = uniqueItems(fresh);
  // Repeats within the feed itself count as unchanged.
  const counts: StoreCounts = {
    newCount: 0,
    updated: 0,
    unchanged: fresh.length - items.length,
    tooOld: input.articles.length - fresh.length,
    durationMs: 0,
  };

  return prisma.$transaction(
    async (tx) => {
      const byUrl = new Map<string, Existing>();
      const byTitle = new Map<string, Existing>();
      if (items.length) {
        const select = { id: true, sourceId: true, contentHash: true, titleHash: true, publishedAt: true, canonicalUrl: true } as const;
        for (const row of await tx.article.findMany({ where: { canonicalUrl: { in: items.map((a) => a.canonicalUrl) } }, select })) {
          byUrl.set(row.canonicalUrl, row);
        }
        const titleHashes = items.filter((a) => a.collapsible && !byUrl.has(a.canonicalUrl)).map((a) => a.titleHash);
        if (titleHashes.length) {
          const rows = await tx.article.findMany({
            where: { sourceId: input.sourceId, titleHash: { in: titleHashes }, publishedAt: { gte: new Date(windowStart) } },
            select,
            orderBy: { publishedAt: "desc" },
          });
          for (const row of rows) if (!byTitle.has(row.titleHash)) byTitle.set(row.titleHash, row);
        }
      }

      const creates: Prisma.ArticleCreateManyInput[] = [];
      const updates: { id: string; article: NormalizedArticle }[] = [];
      for (const a of items) {
        let match = byUrl.get(a.canonicalUrl);
        if (!match && a.collapsible) {
          const twin = byTitle.get(a.titleHash);
          if (twin && Math.abs(twin.publishedAt.getTime() - a.publishedAt.getTime()) <= NEAR_DUPLICATE_MS) match = twin;
        }
        if (!match) {
          creates.push({
            canonicalUrl: a.canonicalUrl,
            url: a.url,
            guid: a.guid,
            title: a.title,
            summary: a.summary,
            content: a.content,
            imageUrl: a.imageUrl,
            author: a.author,
            publishedAt: a.publishedAt,
            fetchedAt: input.now,
            sourceId: input.sourceId,
            feedId: input.feedId,
            category: a.category,
            countries: a.countries,
            contentHash: a.contentHash,
            titleHash: a.titleHash,
            isDemo: input.isDemo ?? false,
          });
        } else if (match.sourceId === input.sourceId && match.contentHash !== a.contentHash) {
          updates.push({ id: match.id, article: a });
        } else {
          // Unchanged, or another outlet's article at the same URL (left as it is).
          counts.unchanged++;
        }
      }

      if (creates.length) {
        // skipDuplicates: on PostgreSQL another feed of the outlet may insert the same URL concurrently.
        const { count } = await tx.article.createMany({ data: creates, skipDuplicates: true });
        counts.newCount = count;
        counts.unchanged += creates.length - count;
      }
      for (const { id, article: a } of updates) {
        await tx.article.update({
          where: { id },
          data: {
            url: a.url,
            guid: a.guid,
            title: a.title,
            summary: a.summary,
            content: a.content,
            imageUrl: a.imageUrl,
            author: a.author,
            countries: a.countries,
            contentHash: a.contentHash,
            titleHash: a.titleHash,
            fetchedAt: input.now,
          },
        });
      }
      counts.updated = updates.length;

      if (input.feedId && input.feedState) await tx.feed.update({ where: { id: input.feedId }, data: input.feedState });
      counts.durationMs = Math.round(performance.now() - input.startedAt);
      await tx.ingestOutcome.create({
        data: {
          runId: input.runId,
          sourceId: input.sourceId,
          feedId: input.feedId,
          category: input.category,
          ...input.outcome,
          durationMs: counts.durationMs,
          newCount: counts.newCount,
          updated: counts.updated,
          unchanged: counts.unchanged,
        },
      });
      return counts;
    },
    // A big feed on a busy PGlite can take longer than Prisma's 5 s default.
    { maxWait: 60_000, timeout: 120_000 },
  );
}

/** Deletes articles published before the 72-hour window that ends at now. */
export async function purgeOldArticles(prisma: PrismaClient, now: Date): Promise<number> {
  const { count } = await prisma.article.deleteMany({ where: { publishedAt: { lt: new Date(now.getTime() - WINDOW_MS) } } });
  return count;
}
