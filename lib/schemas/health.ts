/** The health route's query. */

import { z } from "zod";

/** `?probe=live` answers whether the process is alive; the default (ready) also checks the database. */
export const healthQuery = z.object({ probe: z.enum(["live", "ready"]).default("ready") });

/** `?probe=live`: the process answers, nothing else is checked. */
export const liveness = z.object({ alive: z.literal(true) });

/** Readiness: is the database reachable, which engine, are migrations applied, is the instance draining. */
export const health = z.object({
  status: z.enum(["ok", "degraded", "down"]),
  alive: z.literal(true),
  ready: z.boolean(),
  /** True once a shutdown signal arrived: load balancers should stop sending requests. */
  draining: z.boolean(),
  database: z.object({
    reachable: z.boolean(),
    engine: z.enum(["pglite", "postgresql"]),
    location: z.string(),
    latencyMs: z.number().nullable(),
    error: z.string().nullable(),
  }),
  migrations: z
    .object({
      applied: z.number().int(),
      pending: z.array(z.string()),
      total: z.number().int(),
      upToDate: z.boolean(),
    })
    .nullable(),
  version: z.string(),
  uptimeSeconds: z.number().int(),
  time: z.string(),
});
export type Health = z.infer<typeof health>;

/**
 * What anyone may read: whether the instance is up and ready, the engine and whether it is
 * reachable. Where the data lives (folder, or host, port and database) and the driver's error
 * tell a stranger too much; they go to the operator's token and to the log.
 */
export const publicHealth = health
  .pick({ status: true, alive: true, ready: true, draining: true, version: true, time: true })
  .extend({
    database: health.shape.database.pick({ reachable: true, engine: true }),
  });
export type PublicHealth = z.infer<typeof publicHealth>;
