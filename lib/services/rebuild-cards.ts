import "server-only";

/**
 * Re-clustering: turns the news window's articles into comparison cards after every ingest,
 * keeping card ids stable (docs/decisions/021-card-id-continuity.md). When a model is configured,
 * the pairs words cannot settle are put to it, in rounds within one set of bounds, and its
 * verdicts join in (lib/services/ask-model-about-pairs.ts, docs/decisions/025, 027, 028).
 */

import type { PairVerdict } from "@/lib/cluster/verdicts/pair-verdicts";
import { askInRounds } from "@/lib/cluster/verdicts/model-rounds";
import { getDatabase } from "@/lib/db";
import { env } from "@/lib/env";
import { trackTask } from "@/lib/lifecycle/shutdown";
import { invalidateReadCache } from "@/lib/read-cache";
import { loadWindowArticles, windowFingerprint } from "@/lib/storage/articles";
import { countPairVerdicts, loadPairVerdicts } from "@/lib/storage/pair-verdicts";
import { yieldToEventLoop } from "@/lib/storage/yield";
import { applyCardChanges, countLiveCards, isBuiltFrom, loadStoredCards } from "@/lib/storage/cards";
import { runOffThread } from "@/lib/workers/run-off-thread";
import { askModelAboutPairs, summarizeRounds, type ModelSummary } from "./ask-model-about-pairs";
import { mayAskModel, sameEventJudge } from "./same-event-model";

export interface RebuildSummary {
  articles: number;
  cards: number;
  created: number;
  updated: number;
  unchanged: number;
  retired: number;
  ms: number;
  /** True when the window was as the cards were last built from, so nothing ran. */
  skipped: boolean;
  /** What the model was asked, when one is configured and there was something to ask. */
  model?: ModelSummary;
}

/**
 * A clustering still running after this fails the rebuild (5,300 articles take about 4 s on a
 * busy two-core machine); the write transaction's own limit is the same. The clustering runs
 * in a worker thread (lib/workers/run-off-thread.ts), so the event loop keeps answering (issue 23).
 */
const CLUSTER_TIMEOUT_MS = 120_000;

/**
 * One rebuild under the cross-instance lock: skipped when neither the window's articles nor the
 * model's verdicts changed since the cards were last built (by any instance: the fingerprint is
 * stored with them); otherwise load, cluster (with the stored verdicts), and when a model is
 * configured ask it in rounds (lib/cluster/verdicts/model-rounds.ts: the grey zone, then what the cards
 * with its answers leave open), clustering again after each, then diff, write.
 */
async function rebuild(now: Date): Promise<RebuildSummary> {
  const started = performance.now();
  const db = getDatabase();
  const judge = sameEventJudge();
  return db.withLock("rebuild-cards", async () => {
    const window = await windowFingerprint(db.prisma, now);
    await yieldToEventLoop(); // PGlite answers without I/O: let other requests have a turn
    const verdictCount = judge ? await countPairVerdicts(db.prisma, judge.model) : 0;
    const builtFrom = (stored: number, more: boolean) =>
      judge ? `${window.hash}|${stored} verdicts${more ? "|more to ask" : ""}` : window.hash;
    if (await isBuiltFrom(db.prisma, builtFrom(verdictCount, false))) {
      const cards = await countLiveCards(db.prisma);
      const ms = Math.round(performance.now() - started);
      return {
        articles: window.articles,
        cards,
        created: 0,
        updated: 0,
        unchanged: cards,
        retired: 0,
        ms,
        skipped: true,
      };
    }
    const articles = await loadWindowArticles(db.prisma, now);
    const verdicts: PairVerdict[] = judge ? await loadPairVerdicts(db.prisma, judge.model) : [];
    const asking = judge !== null && mayAskModel();
    const rounds = await askInRounds(verdicts, asking, {
      rounds: env.CLUSTER_MODEL_ROUNDS,
      maxPairs: env.CLUSTER_MODEL_MAX_PAIRS,
      cluster: async (known, questions) => {
        const input = { articles, verdicts: [...known], ...questions };
        const out = await runOffThread("draftCardsWithEvidence", input, CLUSTER_TIMEOUT_MS);
        return { result: out.drafts, questions: out.greyZone, wider: out.wider };
      },
      ask: (questions, spent) => askModelAboutPairs(db.prisma, judge!, articles, questions, spent),
    });
    const drafts = rounds.result;
    const model = rounds.reports.length ? summarizeRounds(judge!.model, rounds.reports) : undefined;
    const stored = await loadStoredCards(db.prisma);
    // Card ids and the diff in the worker too (a fresh window's took 40–200 ms here, issue 34);
    // retired cards take part with no articles: their ids are never handed out again.
    const demoIds = articles.filter((a) => a.isDemo).map((a) => a.id);
    const { changes, cards } = await runOffThread(
      "planCardChanges",
      { stored, drafts, demoIds },
      CLUSTER_TIMEOUT_MS,
    );
    // Pairs left unasked (a bound, a failure, a pause) leave the next rebuild something to do.
    const more = judge !== null && (!asking || rounds.left);
    const verdictsNow = verdictCount + (model?.stored ?? 0);
    await applyCardChanges(db.prisma, changes, now, builtFrom(verdictsNow, more));
    invalidateReadCache();
    return {
      articles: articles.length,
      cards,
      created: changes.create.length,
      updated: changes.update.length,
      unchanged: changes.unchanged,
      retired: changes.retire.length,
      ms: Math.round(performance.now() - started),
      skipped: false,
      ...(model ? { model } : {}),
    };
  });
}

// This process's rebuild in progress, and the one queued behind it (both shared by every caller).
let running: Promise<RebuildSummary> | null = null;
let queued: Promise<RebuildSummary> | null = null;

function start(now: Date): Promise<RebuildSummary> {
  const run = trackTask(rebuild(now)).finally(() => {
    if (running === run) running = null;
  });
  running = run;
  return run;
}

/**
 * Re-clusters every article of the 72-hour window into comparison cards (runs after every
 * ingest, and for on-demand generation). A story keeps its card id as it gains or loses
 * articles; a merge or split retires the absorbed card with its successor, so links,
 * analyses and caches stay valid. Callers share runs (docs/decisions/104-single-flight-rebuild.md):
 * with none in progress a rebuild starts; with one in progress the caller shares the one
 * queued after it (which sees whatever the caller stored), so at most one runs and one waits
 * per process, however many ask. One rebuild at a time across instances, everything in one
 * transaction, and none at all when the window is unchanged since the last.
 */
export function rebuildCards(now = new Date()): Promise<RebuildSummary> {
  if (queued) return queued;
  if (!running) return start(now);
  queued = running
    .catch(() => undefined)
    .then(() => {
      queued = null;
      return start(now);
    });
  return queued;
}
