/**
 * The reader's own reading balance (issue 26, decision 122): the stories they opened (story page,
 * Original Source, analysis) in the last 30 days, kept in this browser's storage only, and what
 * they add up to: the bias-rating mix of the outlets behind them, the outlets read most, and the
 * blindspot stories of the feed they skipped. Nothing is recorded until the reader has seen the
 * statement that nothing is sent anywhere. Storage is injected, so the rules are unit-tested
 * without a browser; storage that is off or full is reported, never thrown.
 */

import type { BiasRating } from "@/lib/sources/registry";
import type { StorageLike } from "./analysis-cache";

export const READING_BALANCE_KEY = "reading_balance";
/** How long an opened story counts. */
export const HISTORY_DAYS = 30;
const HISTORY_MS = HISTORY_DAYS * 24 * 3_600_000;
/** The most stories kept: a month of heavy reading, a few hundred KB at most. */
export const MAX_VISITS = 500;

/** How the reader opened the story. */
export type OpenedVia = "story page" | "original source" | "analysis";

export interface VisitOutlet {
  id: string;
  name: string;
  biasRating: BiasRating;
}

export interface Visit {
  cardId: string;
  topic: string;
  via: OpenedVia;
  at: number;
  /** The outlets behind what was read: the one clicked through to, or the whole story's. */
  outlets: VisitOutlet[];
}

interface Stored {
  /** True once the reader has seen the statement that nothing leaves the browser. */
  acknowledged: boolean;
  /** When that was, so the panel can say since when it records; absent in histories kept before it was stored. */
  since?: number;
  visits: Visit[];
}

/** "ok", or why the history cannot be kept: storage turned off (or absent), or full. */
export type StorageState = "ok" | "off" | "full";

/** The browser's localStorage, or null when it is off (reading it throws in some browsers). */
export function browserStorage(): StorageLike | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(storage: StorageLike | null): { stored: Stored; state: StorageState } {
  const empty: Stored = { acknowledged: false, visits: [] };
  if (!storage) return { stored: empty, state: "off" };
  try {
    const raw = storage.getItem(READING_BALANCE_KEY);
    if (!raw) return { stored: empty, state: "ok" };
    const parsed = JSON.parse(raw) as Partial<Stored>;
    return {
      stored: {
        acknowledged: parsed.acknowledged === true,
        ...(typeof parsed.since === "number" ? { since: parsed.since } : {}),
        visits: Array.isArray(parsed.visits) ? parsed.visits.filter(isVisit) : [],
      },
      state: "ok",
    };
  } catch {
    // Unreadable (off) or not ours (a broken value): start again rather than fail the page.
    return { stored: empty, state: storage ? "ok" : "off" };
  }
}

function isVisit(v: unknown): v is Visit {
  const x = v as Partial<Visit>;
  return (
    !!x &&
    typeof x.cardId === "string" &&
    typeof x.topic === "string" &&
    typeof x.at === "number" &&
    Array.isArray(x.outlets)
  );
}

function write(storage: StorageLike | null, stored: Stored): StorageState {
  if (!storage) return "off";
  try {
    storage.setItem(READING_BALANCE_KEY, JSON.stringify(stored));
    return "ok";
  } catch (error) {
    // Full (QuotaExceededError) or refused: the old history stays as it was; nothing else is touched.
    return error instanceof DOMException && /quota/i.test(`${error.name} ${error.message}`) ? "full" : "off";
  }
}

/** Whether the reader has seen the statement yet (nothing is recorded before). */
export function hasAcknowledged(storage: StorageLike | null): boolean {
  return read(storage).stored.acknowledged;
}

/**
 * Marks the statement as seen at `now`: from then on opened stories are recorded. A history kept
 * before the time was stored starts from its oldest visit (or now), which is when it started at the latest.
 */
export function acknowledge(storage: StorageLike | null, now = Date.now()): StorageState {
  const { stored, state } = read(storage);
  if (state !== "ok") return state;
  if (stored.acknowledged && stored.since !== undefined) return "ok";
  const since = Math.min(now, ...stored.visits.map((v) => v.at));
  return write(storage, { ...stored, acknowledged: true, since });
}

/**
 * Records an opened story, if the reader has seen the statement; the history keeps the last
 * 30 days and at most MAX_VISITS stories. Answers whether it could be kept.
 */
export function recordVisit(storage: StorageLike | null, visit: Visit): StorageState | "not acknowledged" {
  const { stored, state } = read(storage);
  if (state !== "ok") return state;
  if (!stored.acknowledged) return "not acknowledged";
  const cutoff = visit.at - HISTORY_MS;
  const visits = [...stored.visits.filter((v) => v.at >= cutoff), visit].slice(-MAX_VISITS);
  return write(storage, { ...stored, acknowledged: true, visits });
}

/** Forgets every opened story (the statement stays seen). */
export function clearHistory(storage: StorageLike | null): StorageState {
  const { stored, state } = read(storage);
  if (state !== "ok") return state;
  return write(storage, { ...stored, visits: [] });
}

export interface Balance {
  state: StorageState;
  acknowledged: boolean;
  /** When recording started (the statement first seen); null before. */
  since: number | null;
  /** The distinct stories opened in the last 30 days, newest first. */
  stories: { cardId: string; topic: string; at: number; via: OpenedVia[] }[];
  /** Outlets behind what was read, per bias rating (each outlet once per story). */
  mix: { left: number; center: number; right: number };
  /** The outlets read most, most first (ties by name). */
  topOutlets: { id: string; name: string; stories: number }[];
}

const SIDE = { "center-left": "left", center: "center", "center-right": "right" } as const;

/** What the history of the last 30 days before `now` adds up to. */
export function readingBalance(storage: StorageLike | null, now: number, topN = 5): Balance {
  const { stored, state } = read(storage);
  const recent = stored.visits.filter((v) => v.at >= now - HISTORY_MS && v.at <= now);
  const stories = new Map<string, Balance["stories"][number] & { outlets: Map<string, VisitOutlet> }>();
  for (const v of recent) {
    const s = stories.get(v.cardId) ?? {
      cardId: v.cardId,
      topic: v.topic,
      at: v.at,
      via: [] as OpenedVia[],
      outlets: new Map<string, VisitOutlet>(),
    };
    s.at = Math.max(s.at, v.at);
    if (!s.via.includes(v.via)) s.via.push(v.via);
    for (const o of v.outlets) s.outlets.set(o.id, o);
    stories.set(v.cardId, s);
  }
  const mix = { left: 0, center: 0, right: 0 };
  const perOutlet = new Map<string, { id: string; name: string; stories: number }>();
  for (const s of stories.values()) {
    for (const o of s.outlets.values()) {
      const side = SIDE[o.biasRating];
      if (side) mix[side] += 1;
      const entry = perOutlet.get(o.id) ?? { id: o.id, name: o.name, stories: 0 };
      entry.stories += 1;
      perOutlet.set(o.id, entry);
    }
  }
  return {
    state,
    acknowledged: stored.acknowledged,
    since: stored.acknowledged ? (stored.since ?? null) : null,
    stories: [...stories.values()]
      .sort((a, b) => b.at - a.at)
      .map(({ cardId, topic, at, via }) => ({ cardId, topic, at, via })),
    mix,
    topOutlets: [...perOutlet.values()]
      .sort((a, b) => b.stories - a.stories || a.name.localeCompare(b.name))
      .slice(0, topN),
  };
}

/** The blindspot stories among `cards` (one side's outlets only) that the reader did not open. */
export function skippedBlindspots<
  T extends { id: string; bias: { blindspot: "left" | "right" | null } | null },
>(cards: T[], balance: Pick<Balance, "stories">): T[] {
  const opened = new Set(balance.stories.map((s) => s.cardId));
  return cards.filter((c) => c.bias?.blindspot && !opened.has(c.id));
}

/** What recording needs of a card (lib/client/types' NewsComparison fits). */
interface OpenedCard {
  id: string;
  topic: string;
  articles: { sourceInfo: { id: string; name: string; biasRating: string } | null }[];
}

/**
 * Records that the reader opened `card` in this browser, now: its page or analysis (all its
 * outlets), or one article's Original Source (that outlet). Never throws; does nothing before the
 * statement was seen.
 */
export function recordOpened(card: OpenedCard, via: OpenedVia, article?: OpenedCard["articles"][number]) {
  const outlets = new Map<string, VisitOutlet>();
  for (const a of article ? [article] : card.articles) {
    const s = a.sourceInfo;
    if (s && s.biasRating in SIDE)
      outlets.set(s.id, { id: s.id, name: s.name, biasRating: s.biasRating as BiasRating });
  }
  return recordVisit(browserStorage(), {
    cardId: card.id,
    topic: card.topic,
    via,
    at: Date.now(),
    outlets: [...outlets.values()],
  });
}
