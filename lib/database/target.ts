/** Where the database lives, read from DATABASE_URL (PGlite folder or PostgreSQL URL). */

import path from "node:path";

/** Where the database lives: PGlite in a folder of this process, or a PostgreSQL server. */
export type DatabaseTarget = { engine: "pglite"; dir: string } | { engine: "postgresql"; url: string };

/**
 * Resolves DATABASE_URL the same way for the app and for prisma.config.ts:
 * unset, `pglite:DIR` or `file:DIR` → PGlite; `postgres://` or `postgresql://` → PostgreSQL.
 * `pglite:memory:` opens an in-memory PGlite (tests of the migration runner only).
 */
export function resolveDatabaseTarget(url: string | undefined, defaultDir: string): DatabaseTarget {
  const value = url?.trim();
  if (!value) return { engine: "pglite", dir: path.resolve(/* turbopackIgnore: true */ defaultDir) };
  if (/^postgres(ql)?:\/\//i.test(value)) return { engine: "postgresql", url: value };
  const match = /^(pglite|file):(.*)$/i.exec(value);
  if (match) {
    const dir = match[2].replace(/^\/\/(?=\/)/, "");
    if (dir === "memory:") return { engine: "pglite", dir: "memory://" };
    if (!dir) throw new Error(`DATABASE_URL "${value}" names no folder; use pglite:./data/pglite`);
    return { engine: "pglite", dir: path.resolve(/* turbopackIgnore: true */ dir) };
  }
  throw new Error(
    `DATABASE_URL must be unset, pglite:DIR, file:DIR or a postgres:// URL; got "${value.slice(0, 40)}"`,
  );
}

/** A printable name of the target that never includes a password. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.engine === "pglite") return `PGlite at ${target.dir}`;
  const u = new URL(target.url);
  return `PostgreSQL at ${u.hostname}:${u.port || 5432}${u.pathname}`;
}
