/**
 * The Feed table is the registry of fetchable URLs (seeded from lib/sources/registry.ts).
 * Feeds handed to the fetcher come from here and are marked as such; the fetcher refuses
 * anything else, so no code path can make the server fetch an arbitrary URL.
 */

import type { PrismaClient } from "@/generated/prisma/client";
import type { CategoryId } from "@/lib/catalog";
import { findAvailableFeeds, type FeedSelection } from "@/lib/storage/feeds";

export interface RegisteredFeed {
  readonly id: string;
  readonly sourceId: string;
  readonly sourceName: string;
  /** The outlet's home country. */
  readonly homeCountry: string;
  readonly category: CategoryId;
  readonly url: string;
  readonly etag: string | null;
  readonly lastModified: string | null;
  readonly errorCount: number;
}

const registered = new WeakSet<RegisteredFeed>();

/** True only for feeds read from the Feed table by selectFeeds. */
export function isRegisteredFeed(feed: RegisteredFeed): boolean {
  return registered.has(feed);
}

/** The registered feeds matching a filter, ordered by source and category. */
export async function selectFeeds(
  prisma: PrismaClient,
  filter: FeedSelection = {},
): Promise<RegisteredFeed[]> {
  const rows = await findAvailableFeeds(prisma, filter);
  return rows.map((row) => {
    const feed: RegisteredFeed = Object.freeze({
      id: row.id,
      sourceId: row.sourceId,
      sourceName: row.source.name,
      homeCountry: row.source.country,
      category: row.category,
      url: row.url,
      etag: row.etag,
      lastModified: row.lastModified,
      errorCount: row.errorCount,
    });
    registered.add(feed);
    return feed;
  });
}
