/**
 * `npm run bench:soak [-- --seconds=600 --warmup=60 --connections=100 --articles=5000 --engine=both|pglite|postgres]` (issue 9): a mixed
 * read workload — options, the card list, a card by id, a cached analysis — driven by autocannon
 * against the built server, first on PGlite (one instance, all connections), then on PostgreSQL
 * with two instances (connections split between them). Prints throughput, p50/p99 latency,
 * errors (by status and error code) and each server's memory at start and end. Targets: zero errors, p99 under 100 ms,
 * memory growth under 10 % over the run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type autocannon from "autocannon";
import { PUBLIC_READER } from "@/lib/public-reader";
import { env as settings } from "@/lib/env";
import { runScript } from "../script-runner";
import { runLoad } from "./lib/load";
import { buildIfStale, runTsx, startServer, withScratchPostgres, type RunningServer } from "./lib/server";

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const SECONDS = arg("seconds", 600);
const CONNECTIONS = arg("connections", 100);
const ARTICLES = arg("articles", 5000);
// Memory is measured from the end of the warm-up: by then the heap has grown to its working size
// (JIT, caches, connection pools), so the growth that remains is what the run itself adds.
const WARMUP = arg("warmup", 60);
const ENGINE = process.argv.find((a) => a.startsWith("--engine="))?.split("=")[1] ?? "both";

interface Totals {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  breakdown: string;
  requests: number;
}

/** The four requests of the mix, cycled by every connection. */
async function mix(base: string): Promise<autocannon.Request[]> {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(PUBLIC_READER),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const list = (await (await fetch(`${base}/api/v1/comparison-cards`)).json()) as {
    data: {
      comparisonCards: {
        cardId: string;
        mainHeadline: { title: string; description: string; source: { name: string } };
        relatedArticles: { title: string; description: string; source: { name: string } }[];
      }[];
    };
  };
  const card = list.data.comparisonCards[0];
  const articles = [card.mainHeadline, ...card.relatedArticles]
    .slice(0, 5)
    .map((a) => ({ title: a.title, summary: a.description, content: a.description, source: a.source.name }));
  const analysis = JSON.stringify({ articles, comparisonCardId: card.cardId });
  const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const warm = await fetch(`${base}/api/v1/analysis/compare-articles`, {
    method: "POST",
    headers,
    body: analysis,
  });
  if (!warm.ok) throw new Error(`analysis warm-up failed: ${warm.status}`);
  return [
    { method: "GET", path: "/api/v1/comparison-cards/options" },
    { method: "GET", path: "/api/v1/comparison-cards" },
    { method: "GET", path: `/api/v1/comparison-cards/${card.cardId}` },
    { method: "POST", path: "/api/v1/analysis/compare-articles", headers, body: analysis },
  ];
}

async function drive(servers: RunningServer[], seconds: number): Promise<Totals> {
  const runs = await Promise.all(
    servers.map(async (s) =>
      runLoad({
        url: s.base,
        connections: Math.round(CONNECTIONS / servers.length),
        duration: seconds,
        requests: await mix(s.base),
      }),
    ),
  );
  return {
    rps: runs.reduce((n, r) => n + r.result.requests.average, 0),
    p50: Math.max(...runs.map((r) => r.result.latency.p50)),
    p99: Math.max(...runs.map((r) => r.result.latency.p99)),
    errors: runs.reduce((n, r) => n + r.failures, 0),
    breakdown: runs
      .map((r) => r.breakdown)
      .filter(Boolean)
      .join("; "),
    requests: runs.reduce((n, r) => n + r.result.requests.total, 0),
  };
}

async function soak(label: string, servers: RunningServer[]) {
  // The servers log at warn level: every warning or error they write during the run is counted.
  const logged = new Map<string, number>();
  for (const s of servers) {
    s.onLog((line) => {
      if ((line.level ?? 0) < 40) return;
      const key = `${line.msg} ${line.path ?? ""}`.trim();
      logged.set(key, (logged.get(key) ?? 0) + 1);
    });
  }
  await drive(servers, WARMUP);
  const start = servers.map((s) => s.rssMb());
  const t = await drive(servers, SECONDS);
  const end = servers.map((s) => s.rssMb());
  const growth = Math.max(...end.map((e, i) => (e - start[i]) / start[i]));
  console.log(`\n${label}: ${CONNECTIONS} connections, ${SECONDS} s after a ${WARMUP} s warm-up`);
  console.log(
    `  ${t.requests.toLocaleString("en")} requests, ${t.rps.toFixed(0)} req/s, p50 ${t.p50} ms, p99 ${t.p99} ms, errors ${t.errors}${t.breakdown ? ` (${t.breakdown})` : ""}`,
  );
  console.log(
    `  memory MiB start ${start.map((m) => m.toFixed(0)).join(" / ")}, end ${end.map((m) => m.toFixed(0)).join(" / ")}, growth ${(growth * 100).toFixed(1)} %`,
  );
  if (logged.size)
    console.log(`  server warnings and errors: ${[...logged].map(([m, n]) => `${m} ×${n}`).join(", ")}`);
  const ok = t.errors === 0 && t.p99 < 100 && growth < 0.1;
  console.log(`  ${ok ? "targets met" : "targets missed"} (zero errors, p99 < 100 ms, growth < 10 %)`);
  return ok;
}

const serverEnv = {
  SCHEDULER_ENABLED: "false",
  DEMO_SNAPSHOT: "off",
  LOG_LEVEL: "warn",
  RATE_LIMIT_ANALYSIS_PER_MINUTE: "1000000",
  RATE_LIMIT_ANALYSIS_PER_CLIENT_PER_MINUTE: "1000000",
  OPENAI_API_KEY: "",
  OPENAI_BASE_URL: "",
};

runScript(async () => {
  console.log(`Machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`);
  buildIfStale();
  let ok = true;
  if (ENGINE !== "postgres") ok = (await soakPglite()) && ok;
  if (ENGINE !== "pglite") ok = (await soakPostgres()) && ok;
  console.log(ok ? "\nAll targets met." : "\nSome targets missed.");
});

async function soakPglite(): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-soak-"));
  const pgliteEnv = { ...serverEnv, DATABASE_URL: `pglite:${path.join(dir, "pglite")}`, DATA_DIR: dir };
  try {
    runTsx("scripts/bench/load-news.ts", [String(ARTICLES)], pgliteEnv);
    const server = await startServer(pgliteEnv);
    try {
      return await soak("PGlite, one instance", [server]);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function soakPostgres(): Promise<boolean> {
  return withScratchPostgres(settings.TEST_POSTGRES_URL, `news_soak_${process.pid}`, async (url) => {
    const pgEnv = {
      ...serverEnv,
      DATABASE_URL: url,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "news-soak-pg-")),
    };
    runTsx("scripts/bench/load-news.ts", [String(ARTICLES)], pgEnv);
    const servers = [await startServer(pgEnv), await startServer(pgEnv)];
    try {
      return await soak("PostgreSQL, two instances", servers);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
}
