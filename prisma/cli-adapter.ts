/**
 * Driver adapter for the Prisma CLI only (prisma.config.ts), used to author migrations
 * with `npm run db:diff`. The app and the migration runner never load this file.
 *
 * Why it exists (docs/decisions/009-toolchain-pins.md): pglite-prisma-adapter 0.6.1 sends multi-statement migration
 * scripts through a prepared statement and does not await errors in executeScript. The
 * CLI replays prisma/migrations into a shadow database; we give it a fresh in-memory PGlite
 * and run scripts and parameterless statements through PGlite's exec(), mapping errors.
 */
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
} from "@prisma/driver-adapter-utils";

function asDriverError(error: unknown): never {
  const e = error as { code?: string; message?: string; severity?: string };
  // The shape @prisma/driver-adapter-utils expects from a PostgreSQL driver.
  throw Object.assign(new Error(e.message ?? String(error)), {
    name: "DriverAdapterError",
    cause: {
      kind: "postgres",
      code: e.code ?? "XX000",
      severity: e.severity ?? "ERROR",
      message: e.message ?? String(error),
      detail: undefined,
      column: undefined,
      hint: undefined,
      originalCode: e.code,
      originalMessage: e.message,
    },
  });
}

async function patchedAdapter(pglite: PGlite): Promise<SqlDriverAdapter> {
  const inner = await new PrismaPGlite(pglite).connect();
  return Object.assign(Object.create(inner) as SqlDriverAdapter, {
    async executeScript(script: string) {
      await pglite.exec(script).catch(asDriverError);
    },
    async executeRaw(query: SqlQuery) {
      if (query.args.length > 0) return inner.executeRaw(query);
      const results = await pglite.exec(query.sql).catch(asDriverError);
      return results.reduce((n, r) => n + (r.affectedRows ?? 0), 0);
    },
  });
}

/** An adapter factory whose every connection is a throwaway in-memory PGlite. */
export function cliAdapterFactory(): SqlMigrationAwareDriverAdapterFactory {
  let main: PGlite | undefined;
  const factory = new PrismaPGlite(new PGlite("memory://"));
  return Object.assign(Object.create(factory) as SqlMigrationAwareDriverAdapterFactory, {
    provider: "postgres" as const,
    adapterName: factory.adapterName,
    async connect() {
      main ??= new PGlite("memory://");
      return patchedAdapter(main);
    },
    async connectToShadowDb() {
      return patchedAdapter(new PGlite("memory://"));
    },
  });
}
