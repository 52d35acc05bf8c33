/**
 * The PairVerdict table: what a language model answered about pairs of articles the clusterer was
 * unsure of, per pair and model (docs/decisions/025). A rebuild reads the configured model's
 * verdicts on the window's articles and stores the new ones; a verdict leaves with either article.
 */

import type { PrismaClient } from "@/generated/prisma/client";
import { pairKey, type PairVerdict } from "@/lib/cluster/verdicts/pair-verdicts";
import { yieldToEventLoop } from "./yield";

/** Verdicts per read: a page is one query, and PGlite holds the event loop while it answers. */
const PAGE_ROWS = 1_000;

/** Every stored verdict of `model`, read in pages (the table holds only the 72-hour store's pairs). */
export async function loadPairVerdicts(prisma: PrismaClient, model: string): Promise<PairVerdict[]> {
  const verdicts: PairVerdict[] = [];
  let after: { articleAId: string; articleBId: string } | null = null;
  for (;;) {
    const page: { articleAId: string; articleBId: string; verdict: PairVerdict["verdict"] }[] =
      await prisma.pairVerdict.findMany({
        where: after
          ? {
              model,
              OR: [
                { articleAId: { gt: after.articleAId } },
                { articleAId: after.articleAId, articleBId: { gt: after.articleBId } },
              ],
            }
          : { model },
        orderBy: [{ articleAId: "asc" }, { articleBId: "asc" }],
        take: PAGE_ROWS,
        select: { articleAId: true, articleBId: true, verdict: true },
      });
    for (const row of page) verdicts.push({ a: row.articleAId, b: row.articleBId, verdict: row.verdict });
    if (page.length < PAGE_ROWS) return verdicts;
    after = page[page.length - 1];
    await yieldToEventLoop();
  }
}

/**
 * Stores new verdicts of `model` (the smaller id first); a pair already stored keeps its verdict,
 * and a pair whose article left the store meanwhile is skipped. The count stored.
 */
export async function savePairVerdicts(
  prisma: PrismaClient,
  model: string,
  verdicts: readonly PairVerdict[],
): Promise<number> {
  if (!verdicts.length) return 0;
  const unique = new Map(verdicts.map((v) => [pairKey(v.a, v.b), v]));
  const rows = [...unique.values()].map((v) => ({
    articleAId: v.a < v.b ? v.a : v.b,
    articleBId: v.a < v.b ? v.b : v.a,
    model,
    verdict: v.verdict,
  }));
  const ids = [...new Set(rows.flatMap((r) => [r.articleAId, r.articleBId]))];
  const present = new Set(
    (await prisma.article.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((a) => a.id),
  );
  const kept = rows.filter((r) => present.has(r.articleAId) && present.has(r.articleBId));
  try {
    return (await prisma.pairVerdict.createMany({ data: kept, skipDuplicates: true })).count;
  } catch {
    // An article purged between the check and the write (the purge runs under the ingest lock,
    // an on-demand rebuild does not): the others are stored one by one.
    let count = 0;
    for (const row of kept)
      count += (
        await prisma.pairVerdict.createMany({ data: [row], skipDuplicates: true }).catch(() => ({ count: 0 }))
      ).count;
    return count;
  }
}

/** How many verdicts of `model` are stored: part of what a rebuild's cards are built from. */
export function countPairVerdicts(prisma: PrismaClient, model: string): Promise<number> {
  return prisma.pairVerdict.count({ where: { model } });
}
