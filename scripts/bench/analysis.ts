/**
 * Analysis benchmark: (a) the local analyzer (analysis + grounding check, as the service runs
 * it) on 10-article cards of about 5,000 characters per article built from the real 2020-05-31
 * dev feeds of the data folder NEWS_DATA_DIR names (tests/helpers/coverage.ts); (b) a cached answer through the built server
 * (`next start` on a fresh PGlite folder), timed at the client and by the server's request
 * log. Targets: local analysis under 150 ms per card (p95), cached answer under 20 ms (p95) at the
 * client, and at least 200 cached answers per second with ten requests in flight.
 * With --replay, instead: the model path replayed end to end (docs/decisions/132-replay-in-the-open.md)
 * on the same cards: the product's OpenAI-compatible provider against the replay server
 * (tests/helpers/model-replay.ts), answering stand-in recordings (scripts/bench/lib/replay-stand-ins.ts),
 * then the answer's check and completion; in this process, and (unless --skip-server) through the
 * built server, each card asked once, uncached. Target: p95 under 100 ms per 10-article card, the
 * model's own time (none, replayed) aside.
 *
 *   npm run bench:analysis [-- --cards 30 --requests 200 --skip-server --strict --cpu-prof DIR --replay]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkAnswer } from "@/lib/analysis/checked-answer";
import { groundAnalysis } from "@/lib/analysis/grounding";
import { OpenAIProvider } from "@/lib/analysis/openai-provider";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { PUBLIC_READER } from "@/lib/public-reader";
import { longCards, realCoverage } from "@/tests/helpers/coverage";
import { startModelReplay } from "@/tests/helpers/model-replay";
import { dataFolderPath } from "../data-folder";
import { runScript } from "../script-runner";
import { probeDuring } from "./lib/liveness";
import { writeStandIns, STAND_IN_WRITER } from "./lib/replay-stand-ins";
import {
  benchServerEnv,
  buildIfStale,
  percentile,
  runTsx,
  startServer,
  type RunningServer,
} from "./lib/server";

const TARGET_LOCAL_MS = 150;
const TARGET_REPLAY_P95_MS = 100;
const TARGET_CACHED_P95_MS = 20;
const TARGET_CACHED_PER_SECOND = 200;
const ARTICLES_PER_CARD = 10;
const CHARS_PER_ARTICLE = 5_000;
/** Cached answers asked for before the measured ones, while the server's JIT compiles the hot path. */
const WARM_UP_REQUESTS = 100;

function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}
function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

/** --cpu-prof DIR: the server writes a V8 CPU profile of the run (one per thread) into DIR when it stops. */
function cpuProfileArgs(): string[] {
  const at = process.argv.indexOf("--cpu-prof");
  return at > 0 ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.argv[at + 1])}`] : [];
}

/**
 * Wall-clock and CPU time per card (CPU time is less disturbed by other processes on the machine),
 * after one pass over as many other cards: a running server has compiled the analyzer's code, and
 * three cards of warm-up left most of it to be compiled while being timed (median 136 ms against
 * 75 ms once warm, on a quiet machine).
 */
async function benchLocal(cards: AnalysisArticle[][], warmUp: AnalysisArticle[][]) {
  for (const card of warmUp) await groundAnalysis(await analyzeLocally(card), card);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const card of cards) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await groundAnalysis(await analyzeLocally(card), card);
    const c = process.cpuUsage(c0);
    wall.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  return {
    median: percentile(wall, 50),
    p95: percentile(wall, 95),
    cpuMedian: percentile(cpu, 50),
    cpuP95: percentile(cpu, 95),
  };
}

async function benchServer(card: AnalysisArticle[], requests: number) {
  buildIfStale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-bench-"));
  // The server's settings: a fresh PGlite folder, no AI provider (no network), request logs on
  // stdout (they carry the server-side time), and room for the measured requests.
  const env = {
    DATABASE_URL: `pglite:${path.join(dir, "pglite")}`,
    DATA_DIR: dir,
    LOG_LEVEL: "info",
    SCHEDULER_ENABLED: "false",
    DEMO_SNAPSHOT: "off",
    OPENAI_API_KEY: "",
    OPENAI_BASE_URL: "",
    RATE_LIMIT_ANALYSIS_PER_MINUTE: "10000",
    RATE_LIMIT_ANALYSIS_PER_CLIENT_PER_MINUTE: "10000",
  };
  try {
    runTsx("scripts/db-setup.ts", [], env);
    const server = await startServer(env, { nodeArgs: cpuProfileArgs() });
    const serverMs: number[] = [];
    server.onLog((line) => {
      if (line.path === "/api/v1/analysis/compare-articles" && line.ms !== undefined) serverMs.push(line.ms);
    });
    try {
      return await measureCached(server, card, requests, serverMs);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A miss, a hit, a warm-up, then `requests` sequential cached answers and ten in flight at a
 * time, with the server's CPU time per answer in each phase.
 */
async function measureCached(
  server: RunningServer,
  card: AnalysisArticle[],
  requests: number,
  serverMs: number[],
) {
  const base = server.base;
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(PUBLIC_READER),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const body = JSON.stringify({ articles: card });
  const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const post = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/analysis/compare-articles`, { method: "POST", headers, body });
    const json = (await res.json()) as { data?: { comparison: { cached: boolean } }; error?: string };
    if (!res.ok || !json.data) throw new Error(`Analysis failed: HTTP ${res.status} ${json.error ?? ""}`);
    return { ms: performance.now() - t0, cached: json.data.comparison.cached };
  };
  const first = await post();
  const second = await post();
  if (first.cached || !second.cached)
    throw new Error(`Expected a miss then a hit, got cached=${first.cached}, ${second.cached}.`);
  // Warm-up, unmeasured: the server's first few hundred requests also pay for compiling its code.
  for (let i = 0; i < WARM_UP_REQUESTS; i++) await post();
  const times: number[] = [];
  let cpu0 = server.cpuMs();
  for (let i = 0; i < requests; i++) times.push((await post()).ms);
  const cpuSequential = (server.cpuMs() - cpu0) / requests;
  // Throughput with ten requests in flight at a time.
  cpu0 = server.cpuMs();
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (done < requests) {
        done++;
        await post();
      }
    }),
  );
  const rps = (done / (performance.now() - started)) * 1000;
  const cpuInFlight = (server.cpuMs() - cpu0) / done;
  // The sequential cached requests, as the server timed them.
  const timed = serverMs.slice(2 + WARM_UP_REQUESTS, 2 + WARM_UP_REQUESTS + requests);
  return {
    cpuSequential,
    cpuInFlight,
    first: first.ms,
    median: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps,
    serverMedian: percentile(timed, 50),
    serverP95: percentile(timed, 95),
  };
}

/** The model path in this process: provider over HTTP to the replay server, then the check, per card. */
async function benchReplayInProcess(cards: AnalysisArticle[][], url: string) {
  const provider = new OpenAIProvider({ baseURL: url, model: "replay", timeoutMs: 30_000, maxRetries: 0 });
  for (const card of cards.slice(0, 3)) await checkAnswer(await provider.analyze(card), card); // warm-up
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const card of cards) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await checkAnswer(await provider.analyze(card), card);
    const c = process.cpuUsage(c0);
    wall.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { median: percentile(wall, 50), p95: percentile(wall, 95), cpuP95: percentile(cpu, 95) };
}

/** A card's articles in another order: a request of its own, for warm-up and liveness rounds. */
const rotated = (card: AnalysisArticle[], by: number) => [...card.slice(by), ...card.slice(0, by)];

/**
 * Cards asked of the server before the measured ones, while its threads compile the code: as many
 * as are measured, as for the local analyzer (two worker threads share them; ten left each
 * thread's code half compiled while timed).
 */
const REPLAY_WARM_UP = 30;
/** Cards asked again, rotated, while liveness is polled (polling on its own costs the server CPU). */
const REPLAY_LIVENESS = 5;

const replayWarmUps = (cards: AnalysisArticle[][]) =>
  Array.from({ length: REPLAY_WARM_UP }, (_, i) =>
    rotated(cards[i % cards.length], 1 + Math.floor(i / cards.length)),
  );
const replayLivenessCards = (cards: AnalysisArticle[][]) =>
  cards.slice(0, REPLAY_LIVENESS).map((c) => rotated(c, ARTICLES_PER_CARD - 1));

/**
 * The model path through the built server: each card asked once (a miss), timed at the client,
 * with the server's CPU time and its own times (request log, "analysis generated"); then a few
 * more cards while its liveness probe is polled back to back.
 */
async function benchReplayServer(cards: AnalysisArticle[][], url: string) {
  buildIfStale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-bench-replay-"));
  const env = {
    ...benchServerEnv(dir),
    LOG_LEVEL: "info",
    OPENAI_API_KEY: "",
    OPENAI_BASE_URL: url,
    OPENAI_MODEL: "replay",
    ANALYSIS_FALLBACK_TO_LOCAL: "false",
    RATE_LIMIT_ANALYSIS_PER_MINUTE: "10000",
    RATE_LIMIT_ANALYSIS_PER_CLIENT_PER_MINUTE: "10000",
  };
  try {
    runTsx("scripts/db-setup.ts", [], env);
    const server = await startServer(env, { nodeArgs: cpuProfileArgs() });
    const requestMs: number[] = [];
    const analysisMs: number[] = [];
    server.onLog((line) => {
      if (line.path === "/api/v1/analysis/compare-articles" && line.ms !== undefined) requestMs.push(line.ms);
      if (line.msg === "analysis generated" && line.ms !== undefined) analysisMs.push(line.ms);
    });
    try {
      const post = await replayPoster(server.base);
      for (const card of replayWarmUps(cards)) await post(card);
      const cpu0 = server.cpuMs();
      const from = { request: requestMs.length, analysis: analysisMs.length };
      const times: number[] = [];
      for (const card of cards) times.push(await post(card));
      const cpu = (server.cpuMs() - cpu0) / cards.length;
      const inServer = {
        request: percentile(requestMs.slice(from.request), 95),
        analysis: percentile(analysisMs.slice(from.analysis), 95),
      };
      let worstProbe = 0;
      for (const card of replayLivenessCards(cards)) {
        const { probeMs } = await probeDuring(server.base, () => post(card));
        worstProbe = Math.max(worstProbe, ...probeMs);
      }
      return { median: percentile(times, 50), p95: percentile(times, 95), worstProbe, cpu, inServer };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Posts a card for analysis as the public reader; resolves with the time at the client. */
async function replayPoster(base: string) {
  const token = await loginToken(base);
  return async (card: AnalysisArticle[]) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/analysis/compare-articles`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ articles: card }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`Replayed analysis failed: HTTP ${res.status}`);
    return performance.now() - t0;
  };
}

async function loginToken(base: string): Promise<string> {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(PUBLIC_READER),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** --replay: the model path replayed, in this process and through the built server. */
async function replayMode(cards: AnalysisArticle[][]): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-bench-recordings-"));
  // The warm-up's and the liveness round's rotated cards have recordings of their own.
  await writeStandIns([...cards, ...replayWarmUps(cards), ...replayLivenessCards(cards)], dir);
  const replay = await startModelReplay({ dir, model: "replay" });
  try {
    console.log(`Model path, replayed (${STAND_IN_WRITER}):`);
    const local = await benchReplayInProcess(cards, replay.url);
    console.log(
      `  in this process, one step after the other (HTTP to the replay server, validation, check, the card's reading): median ${ms(local.median)}, p95 ${ms(local.p95)}; CPU time p95 ${ms(local.cpuP95)} (this process and the replay server)`,
    );
    // The target is the server's (the check and the card's reading run side by side there); without it, this process's.
    let ok = local.p95 < TARGET_REPLAY_P95_MS;
    if (!flag("skip-server")) {
      ok = true;
      const s = await benchReplayServer(cards, replay.url);
      console.log(
        `  through the built server, each card once (uncached), at the client: median ${ms(s.median)}, p95 ${ms(s.p95)} (target < ${TARGET_REPLAY_P95_MS} ms); server CPU time per answer (all its threads) ${ms(s.cpu)}`,
      );
      console.log(
        `  in the server, p95: the whole request ${ms(s.inServer.request)}, of it the provider's call, the check and the card's reading ${ms(s.inServer.analysis)}`,
      );
      console.log(
        `  slowest liveness answer while ${REPLAY_LIVENESS} more cards were analysed: ${ms(s.worstProbe)}`,
      );
      ok &&= s.p95 < TARGET_REPLAY_P95_MS;
    }
    if (replay.missing().length)
      throw new Error(`${replay.missing().length} requests had no stand-in recording.`);
    return ok;
  } finally {
    await replay.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runScript(async () => {
  const [load1] = os.loadavg();
  console.log(
    `Machine: ${os.cpus().length} CPUs, load average ${load1.toFixed(1)} (figures grow with other load)`,
  );
  const coverage = await realCoverage(
    dataFolderPath("the real 2020-05-31 dev feeds its cards are made of", "feeds", "dev"),
  );
  const cards = longCards(coverage, option("cards", 30), ARTICLES_PER_CARD, CHARS_PER_ARTICLE);
  const chars = cards[0].reduce((s, a) => s + a.content.length, 0);
  if (flag("replay")) {
    console.log(
      `${cards.length} cards × ${ARTICLES_PER_CARD} articles, ${chars.toLocaleString("en")} characters of content per card`,
    );
    const ok = await replayMode(cards);
    console.log(ok ? "Targets met." : "Targets missed.");
    if (!ok && flag("strict")) process.exitCode = 1;
    return;
  }
  console.log(
    `Local analyzer: ${cards.length} cards × ${ARTICLES_PER_CARD} articles, ${chars.toLocaleString("en")} characters of content per card, after ${cards.length} other cards of warm-up`,
  );
  const warmUp = longCards(coverage, 2 * cards.length, ARTICLES_PER_CARD, CHARS_PER_ARTICLE).slice(
    cards.length,
  );
  const local = await benchLocal(cards, warmUp);
  console.log(
    `  wall clock: median ${ms(local.median)}, p95 ${ms(local.p95)} (target < ${TARGET_LOCAL_MS} ms)`,
  );
  console.log(`  CPU time:   median ${ms(local.cpuMedian)}, p95 ${ms(local.cpuP95)}`);
  let ok = local.p95 < TARGET_LOCAL_MS;

  if (!flag("skip-server")) {
    const requests = option("requests", 200);
    console.log(
      `Cached answer through the built server: ${requests} sequential requests after a miss, a hit and ${WARM_UP_REQUESTS} unmeasured`,
    );
    const s = await benchServer(cards[0], requests);
    console.log(`  first (uncached) answer ${ms(s.first)}`);
    console.log(
      `  cached, at the client: median ${ms(s.median)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)} (target p95 < ${TARGET_CACHED_P95_MS} ms)`,
    );
    console.log(
      `  cached, in the server (route wrapper's time): median ${ms(s.serverMedian)}, p95 ${ms(s.serverP95)}`,
    );
    console.log(
      `  server CPU time per cached answer: ${ms(s.cpuSequential)} one at a time, ${ms(s.cpuInFlight)} with ten in flight`,
    );
    console.log(
      `  ten requests in flight: ${Math.round(s.rps)} cached answers per second (target ≥ ${TARGET_CACHED_PER_SECOND})`,
    );
    ok &&= s.p95 < TARGET_CACHED_P95_MS && s.rps >= TARGET_CACHED_PER_SECOND;
  }
  console.log(ok ? "Targets met." : "Targets missed.");
  if (!ok && flag("strict")) process.exitCode = 1;
});
