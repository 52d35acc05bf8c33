/**
 * The shared counter table's queries (Counter: named 64-bit values every instance adds to): counts
 * added on a transaction, and counts read by name. The card table's fingerprint row is written
 * with the cards (lib/storage/cards.ts BUILT_FROM).
 */

import type { PrismaClient } from "@/generated/prisma/client";
import type { SqlRunner } from "@/lib/database/open";

/** Adds `value` to counter `name` (created at `value`), on the caller's transaction. */
export async function addToCounter(tx: SqlRunner, name: string, value: number): Promise<void> {
  await tx.query(
    `INSERT INTO "Counter" (name, value, "updatedAt") VALUES ($1, $2, now() AT TIME ZONE 'UTC')
     ON CONFLICT (name) DO UPDATE SET value = "Counter".value + EXCLUDED.value, "updatedAt" = EXCLUDED."updatedAt"`,
    [name, value],
  );
}

/** The values of the named counters; a counter never written reads 0. */
export async function readCounters(prisma: PrismaClient, names: string[]): Promise<Map<string, number>> {
  const rows = await prisma.counter.findMany({ where: { name: { in: names } } });
  return new Map(names.map((name) => [name, Number(rows.find((c) => c.name === name)?.value ?? 0n)]));
}
