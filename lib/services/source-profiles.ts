import "server-only";

/**
 * Outlet profiles as the page /sources/{id} and GET /api/v1/sources/{id} serve them (issue 34):
 * an id is normalised and checked against the static registry of the 19 outlets before any cache
 * key or query, and each outlet's profile (lib/services/get-source-profile.ts, several queries)
 * is computed once per state of the news window and kept: cards rebuilt, feeds fetched, or every
 * PROFILE_MAX_AGE_MS as the window slides. After a change seen in the database the kept profile is
 * served while one computation makes the new one, computations one at a time; after this process
 * emptied its read cache (its own rebuild) the next answer waits for the new one
 * (docs/decisions/114-outlet-profiles.md).
 */

import { getDatabase } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { readCacheGeneration } from "@/lib/read-cache";
import { sourceIdParams, type SourceProfile } from "@/lib/schemas/sources";
import { knownSource } from "@/lib/sources/registry";
import { cardsAndFeedsState } from "@/lib/storage/cards";
import { getSourceProfile } from "./get-source-profile";

/** A profile is recomputed at least this often, as the window slides (articles and stories age out). */
export const PROFILE_MAX_AGE_MS = 10 * 60_000;
/** The window's state is read at most this often (one short statement). */
const STATE_TTL_MS = 1_000;

/** The registry id a requested id names once trimmed as the route's schema trims it, or null. */
export function outletId(requested: string): string | null {
  const parsed = sourceIdParams.safeParse({ id: requested });
  return parsed.success && knownSource(parsed.data.id) ? parsed.data.id : null;
}

/**
 * What an outlet's profile depends on, in one short statement: the fingerprint the last rebuild of
 * any instance stored with the cards, the feeds' latest update (every fetch writes its feed), and
 * the age bucket.
 */
async function readWindowState(): Promise<string> {
  const row = await cardsAndFeedsState(getDatabase().sql);
  return `${row.cards ?? ""}|${row.feeds ?? ""}|${Math.floor(Date.now() / PROFILE_MAX_AGE_MS)}`;
}

interface Kept {
  state: string;
  /** The read cache's generation it was computed in: emptied since (a rebuild here), it is recomputed before answering. */
  generation: number;
  profile: SourceProfile | null;
}

const holder = globalThis as unknown as {
  __newsOutletProfiles?: {
    /** Profiles computed by this process (the metrics' outlet_profiles_computed_total). */
    computed: number;
    kept: Map<string, Kept>;
    computing: Map<string, Promise<Kept>>;
    line: Promise<unknown>;
    state: { at: number; value: Promise<string> } | null;
  };
};
const cache = (holder.__newsOutletProfiles ??= {
  computed: 0,
  kept: new Map(),
  computing: new Map(),
  line: Promise.resolve(),
  state: null,
});

function windowState(): Promise<string> {
  const now = Date.now();
  if (cache.state && now - cache.state.at < STATE_TTL_MS) return cache.state.value;
  const value = readWindowState();
  cache.state = { at: now, value };
  value.catch(() => (cache.state = null));
  return value;
}

/** The outlet's profile for `state`, computed after every computation queued before it; one per outlet at a time. */
function compute(id: string, state: string): Promise<Kept> {
  const running = cache.computing.get(id);
  if (running) return running;
  const generation = readCacheGeneration();
  const made = cache.line
    .then(() => getSourceProfile(id))
    .then((profile) => {
      cache.computed++;
      const kept = { state, generation, profile };
      cache.kept.set(id, kept);
      return kept;
    })
    .finally(() => cache.computing.delete(id));
  cache.line = made.catch(() => undefined);
  cache.computing.set(id, made);
  return made;
}

/** A computation of the outlet's profile that starts after the read cache was last emptied. */
async function computeFresh(id: string, state: string): Promise<Kept> {
  const generation = readCacheGeneration();
  let kept = await compute(id, state);
  if (kept.generation !== generation) kept = await compute(id, state); // one begun before it was emptied
  return kept;
}

/**
 * The profile of the outlet `id` (a registry id, see outletId): kept for the window's current
 * state; after a change seen in the database (another instance's rebuild, a fetch, the window's
 * slide), the kept one while its successor is computed; computed before answering when none was
 * kept or this process emptied its read cache since (its own rebuild). Null when the database has
 * no such outlet (not seeded).
 */
export async function outletProfile(id: string): Promise<SourceProfile | null> {
  const state = await windowState();
  const kept = cache.kept.get(id);
  const current = kept?.generation === readCacheGeneration();
  if (current && kept?.state === state) return kept.profile;
  // Never computed, or this process rebuilt the cards since: computed before answering.
  if (!kept || !current) return (await computeFresh(id, state)).profile;
  compute(id, state).catch((error) =>
    logger.warn({ err: error, id }, "an outlet's profile was not recomputed"),
  );
  return kept.profile;
}

/** The registry id a requested id names, or a 404 for the API (a malformed one was a 400). */
export function requireOutletId(requested: string): string {
  const id = outletId(requested);
  if (!id) throw new ApiError("not_found", `Outlet ${requested} not found.`);
  return id;
}

/** The profile for the API of a registry id (requireOutletId); 404 when the database has no such outlet. */
export async function outletProfileOrThrow(id: string): Promise<SourceProfile> {
  const profile = await outletProfile(id);
  if (!profile) throw new ApiError("not_found", `Outlet ${id} not found.`);
  return profile;
}

/** How many profiles this process computed (each outlet once per state of the window, at most). */
export function computedProfiles(): number {
  return cache.computed;
}

/** Drops every kept profile (tests). */
export function forgetOutletProfiles(): void {
  cache.kept.clear();
  cache.state = null;
}
