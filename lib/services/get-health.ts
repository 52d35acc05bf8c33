import "server-only";

/** The health check behind GET /api/v1/health: database, migrations and shutdown state. */

import { databaseTarget, getDatabase } from "@/lib/db";
import { describeTarget } from "@/lib/database/target";
import { migrationStatus } from "@/lib/database/migrate";
import { isDatabaseUnavailable } from "@/lib/http/errors";
import { isDraining } from "@/lib/lifecycle/shutdown";
import type { Health, PublicHealth } from "@/lib/schemas/health";
import pkg from "@/package.json";

/** The public view of a health check. */
export function publicHealth(h: Health): PublicHealth {
  return {
    status: h.status,
    alive: h.alive,
    ready: h.ready,
    draining: h.draining,
    database: { reachable: h.database.reachable, engine: h.database.engine },
    version: h.version,
    time: h.time,
  };
}

const TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);
}

/** Liveness and readiness: is the database reachable, which engine, are migrations applied. */
export async function getHealth(): Promise<Health> {
  const draining = isDraining();
  const base = {
    alive: true as const,
    draining,
    version: pkg.version,
    // The process, not this module: Next loads a route module on its first request.
    uptimeSeconds: Math.round(process.uptime()),
    time: new Date().toISOString(),
  };
  const target = databaseTarget();
  const engine = target.engine;
  const location = describeTarget(target);
  try {
    const db = getDatabase();
    const t0 = performance.now();
    await withTimeout(db.sql.query("SELECT 1"), TIMEOUT_MS);
    const latencyMs = Math.round((performance.now() - t0) * 10) / 10;
    const m = await withTimeout(migrationStatus(db), TIMEOUT_MS);
    const upToDate = m.pending.length === 0;
    return {
      ...base,
      status: upToDate && !draining ? "ok" : "degraded",
      ready: upToDate && !draining,
      database: { reachable: true, engine, location, latencyMs, error: null },
      migrations: { applied: m.applied.length, pending: m.pending, total: m.known.length, upToDate },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const reason =
      isDatabaseUnavailable(error) || /no answer within/.test(message) ? message : "query failed";
    return {
      ...base,
      status: "down",
      ready: false,
      database: { reachable: false, engine, location, latencyMs: null, error: reason.slice(0, 300) },
      migrations: null,
    };
  }
}
