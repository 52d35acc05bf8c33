import "server-only";

/**
 * The one database of this process (docs/decisions/001-embedded-database.md): opened on first
 * use from the settings, shared by every service, closed at shutdown.
 */

import path from "node:path";
import { env } from "@/lib/env";
import { openDatabase, type Database } from "@/lib/database/open";
import { resolveDatabaseTarget, type DatabaseTarget } from "@/lib/database/target";

/** The database this process is configured for (DATABASE_URL, else PGlite in DATA_DIR/pglite). */
export function databaseTarget(): DatabaseTarget {
  return resolveDatabaseTarget(env.DATABASE_URL, path.join(env.DATA_DIR, "pglite"));
}

// Cached on globalThis: Next dev hot reload re-evaluates modules, and PGlite allows one
// open per process and folder.
const holder = globalThis as unknown as { __newsAnalysisDb?: Database };

function purpose(): string {
  const script = process.argv
    .slice(1, 3)
    .map((a) => path.basename(a))
    .join(" ");
  return `${script || "node"} (pid ${process.pid})`;
}

/** The one database handle of this process, opened on first use (never at import or build). */
export function getDatabase(): Database {
  return (holder.__newsAnalysisDb ??= openDatabase(databaseTarget(), { purpose: purpose() }));
}

/** The one Prisma client of this process (the query API over getDatabase()'s handle). */
export function getPrisma() {
  return getDatabase().prisma;
}

/** Closes the database if it was opened (shutdown, end of a script or test file). */
export async function closeDatabase(): Promise<void> {
  const db = holder.__newsAnalysisDb;
  holder.__newsAnalysisDb = undefined;
  await db?.close();
}
