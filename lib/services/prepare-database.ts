import "server-only";

/**
 * Makes a database ready to serve (migrations, then seed), for the server's start and the
 * scripts.
 */

import { migrate } from "@/lib/database/migrate";
import type { Database } from "@/lib/database/open";
import { seedDatabase, type SeedSummary } from "./seed-database";

/**
 * Brings a database up to date before it serves: pending migrations applied, then the known
 * outlets and the two accounts seeded. Both steps are idempotent.
 */
export async function prepareDatabase(db: Database): Promise<{ applied: string[]; seeded: SeedSummary }> {
  const applied = await migrate(db);
  const seeded = await seedDatabase(db.prisma);
  return { applied, seeded };
}
