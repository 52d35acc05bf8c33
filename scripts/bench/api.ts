/**
 * `npm run bench:api`: the built server on PGlite with 5,000 articles loaded (and the cards
 * built from them); autocannon drives GET /api/v1/comparison-cards (the landing selection) at
 * 50 connections for 20 s, then the trivial constant-JSON liveness route of the same server
 * (GET /api/v1/health?probe=live, through the same route wrapper) for comparison.
 * Targets (issue 5): p99 under 50 ms, and at least half the trivial route's throughput.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { runScript } from "../script-runner";
import { buildIfStale, runTsx, startServer } from "./lib/server";

const CONNECTIONS = Number(process.argv.find((a) => a.startsWith("--connections="))?.split("=")[1] ?? 50);
const SECONDS = Number(process.argv.find((a) => a.startsWith("--seconds="))?.split("=")[1] ?? 20);
const ARTICLES = Number(process.argv.find((a) => a.startsWith("--articles="))?.split("=")[1] ?? 5000);

async function drive(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors /* timeouts included */,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

runScript(async () => {
  console.log(`Machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`);
  buildIfStale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-bench-api-"));
  const env = {
    DATABASE_URL: `pglite:${path.join(dir, "pglite")}`,
    DATA_DIR: dir,
    SCHEDULER_ENABLED: "false",
    DEMO_SNAPSHOT: "off",
    LOG_LEVEL: "info",
  };
  try {
    runTsx("scripts/bench/load-news.ts", [String(ARTICLES)], env);
    const server = await startServer(env);
    try {
      const cards = `${server.base}/api/v1/comparison-cards`;
      const sample = (await (await fetch(cards)).json()) as { data: { comparisonCards: unknown[] } };
      console.log(
        `GET /api/v1/comparison-cards answers ${sample.data.comparisonCards.length} cards (${JSON.stringify(sample).length.toLocaleString("en")} bytes)`,
      );
      // Warm-up at full load: JIT, heap growth and the read cache settle before anything counts.
      await autocannon({ url: cards, connections: CONNECTIONS, duration: 10 });
      const list = await drive(cards);
      const trivial = await drive(`${server.base}/api/v1/health?probe=live`);
      const row = (name: string, r: typeof list) =>
        console.log(
          `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}, non-2xx ${r.non2xx}`,
        );
      console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, PGlite, ${ARTICLES} articles`);
      row("GET /api/v1/comparison-cards", list);
      row("GET /api/v1/health?probe=live", trivial);
      const ratio = list.rps / trivial.rps;
      console.log(
        `throughput ratio (cards / trivial): ${ratio.toFixed(2)}   server memory ${server.rssMb().toFixed(0)} MiB`,
      );
      const ok = list.p99 < 50 && ratio >= 0.5 && list.errors === 0 && list.non2xx === 0;
      console.log(
        ok ? "Targets met (p99 < 50 ms, ratio ≥ 0.5)." : "Targets missed (p99 < 50 ms, ratio ≥ 0.5).",
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
