/**
 * The outlet table's queries, all of them: the outlets with their feeds' state (the outlet list,
 * an outlet's profile, the scheduler's status), the outlets an ingest plans for or a country's
 * generation asks, the outlets search results name, and the seed's write of an outlet with its
 * feeds in one transaction.
 */

import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import type { CategoryId } from "@/lib/catalog";
import { feedSeedWrites } from "./feeds";

/** The Prisma include that loads an outlet with its feeds' state, by category. */
export const SOURCE_INCLUDE = {
  feeds: { orderBy: { category: "asc" } },
} as const satisfies Prisma.SourceInclude;

/** An outlet with its feeds' state, by category. */
export type SourceRow = Prisma.SourceGetPayload<{ include: typeof SOURCE_INCLUDE }>;

/** Every outlet with its feeds, by name. */
export function listSourceRows(prisma: PrismaClient): Promise<SourceRow[]> {
  return prisma.source.findMany({ orderBy: { name: "asc" }, include: SOURCE_INCLUDE });
}

/** One outlet with its feeds, or null. */
export function findSourceRow(prisma: PrismaClient, id: string): Promise<SourceRow | null> {
  return prisma.source.findUnique({ where: { id }, include: SOURCE_INCLUDE });
}

/** Every outlet with its feeds unordered, by name (the scheduler's status). */
export function listSourcesWithFeeds(prisma: PrismaClient) {
  return prisma.source.findMany({ orderBy: { name: "asc" }, include: { feeds: true } });
}

/** Every outlet as an ingest plans for it: id, name, country and availability. */
export function listSourcesForPlan(prisma: PrismaClient) {
  return prisma.source.findMany({
    select: { id: true, name: true, country: true, available: true, unavailableReason: true },
  });
}

/** Every outlet's row (search results name their outlet). */
export function listAllSources(prisma: PrismaClient) {
  return prisma.source.findMany();
}

/** Ids of the outlets whose home country or coverage list holds `country`, by id. */
export async function sourceIdsCovering(prisma: PrismaClient, country: string): Promise<string[]> {
  const rows = await prisma.source.findMany({
    where: { OR: [{ country }, { coverage: { has: country } }] },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => r.id);
}

/** An outlet's stored fields, as the seed writes them from the registry. */
export type SourceSeed = Omit<Prisma.SourceCreateInput, "id" | "feeds" | "articles" | "outcomes">;

/** Writes one outlet and its feeds (lib/storage/feeds.ts feedSeedWrites) in one transaction. */
export async function seedSource(
  prisma: PrismaClient,
  id: string,
  data: SourceSeed,
  feeds: { category: CategoryId; url: string }[],
): Promise<void> {
  await prisma.$transaction([
    prisma.source.upsert({ where: { id }, create: { id, ...data }, update: data }),
    ...feedSeedWrites(prisma, id, feeds),
  ]);
}
