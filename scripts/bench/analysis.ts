/**
 * Analysis benchmark: (a) the local analyzer (analysis + grounding check, as the service runs
 * it) on 10-article cards of about 5,000 characters per article built from the real 2020-05-31
 * dev feeds of the data folder NEWS_DATA_DIR names (tests/helpers/coverage.ts); (b) a cached answer through the built server
 * (`next start` on a fresh PGlite folder), timed at the client and by the server's request
 * log. Targets: local analysis under 300 ms per card, cached answer under 20 ms (p95).
 *
 *   npm run bench:analysis [-- --cards 30 --requests 200 --skip-server --strict]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { groundAnalysis } from "@/lib/analysis/grounding";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { PUBLIC_READER } from "@/lib/auth/public-reader";
import { longCards, realCoverage } from "@/tests/helpers/coverage";
import { dataFolderPath } from "../data-folder";
import { runScript } from "../script-runner";
import { buildIfStale, percentile, runTsx, startServer } from "./lib/server";

const TARGET_LOCAL_MS = 300;
const TARGET_CACHED_P95_MS = 20;
const ARTICLES_PER_CARD = 10;
const CHARS_PER_ARTICLE = 5_000;

function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}
function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

/** Wall-clock and CPU time per card (CPU time is less disturbed by other processes on the machine). */
async function benchLocal(cards: AnalysisArticle[][]) {
  for (const card of cards.slice(0, 3)) await groundAnalysis(await analyzeLocally(card), card); // warm-up
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
    const server = await startServer(env);
    const serverMs: number[] = [];
    server.onLog((line) => {
      if (line.path === "/api/v1/analysis/compare-articles" && line.ms !== undefined) serverMs.push(line.ms);
    });
    try {
      return await measureCached(server.base, card, requests, serverMs);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A miss, a hit, then `requests` sequential cached answers and ten in flight at a time. */
async function measureCached(base: string, card: AnalysisArticle[], requests: number, serverMs: number[]) {
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
  const times: number[] = [];
  for (let i = 0; i < requests; i++) times.push((await post()).ms);
  // Throughput with ten requests in flight at a time.
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
  const server = serverMs.slice(2, 2 + requests); // the sequential cached requests, as the server timed them
  return {
    first: first.ms,
    median: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps,
    serverMedian: percentile(server, 50),
    serverP95: percentile(server, 95),
  };
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
  console.log(
    `Local analyzer: ${cards.length} cards × ${ARTICLES_PER_CARD} articles, ${chars.toLocaleString("en")} characters of content per card`,
  );
  const local = await benchLocal(cards);
  console.log(
    `  wall clock: median ${ms(local.median)}, p95 ${ms(local.p95)} (target < ${TARGET_LOCAL_MS} ms)`,
  );
  console.log(`  CPU time:   median ${ms(local.cpuMedian)}, p95 ${ms(local.cpuP95)}`);
  let ok = local.p95 < TARGET_LOCAL_MS;

  if (!flag("skip-server")) {
    const requests = option("requests", 200);
    console.log(
      `Cached answer through the built server: ${requests} sequential requests after a miss and a hit`,
    );
    const s = await benchServer(cards[0], requests);
    console.log(`  first (uncached) answer ${ms(s.first)}`);
    console.log(
      `  cached, at the client: median ${ms(s.median)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)} (target p95 < ${TARGET_CACHED_P95_MS} ms)`,
    );
    console.log(
      `  cached, in the server (route wrapper's time): median ${ms(s.serverMedian)}, p95 ${ms(s.serverP95)}`,
    );
    console.log(`  ten requests in flight: ${Math.round(s.rps)} cached answers per second`);
    ok &&= s.p95 < TARGET_CACHED_P95_MS;
  }
  console.log(ok ? "Targets met." : "Targets missed.");
  if (!ok && flag("strict")) process.exitCode = 1;
});
