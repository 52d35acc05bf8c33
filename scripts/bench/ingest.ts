/**
 * `npm run bench:ingest`: the ingest pipeline's throughput. The items of the real dev feeds
 * (feeds/dev of the data folder NEWS_DATA_DIR names, never eval/) are replicated to 10,000 across the 19 outlets
 * (links, guids and titles rewritten to stay unique, dates spread over the last 48 hours),
 * served by a local HTTP server, and ingested into a fresh PGlite and a throwaway PostgreSQL
 * database. Prints items/s, the slowest source, peak memory, and the time bare rss-parser
 * takes for the same bytes, so the pipeline's cost shows as a ratio to the parser.
 *
 *   npm run bench:ingest -- [--items 10000] [--engine pglite|postgresql|both] [--profile DIR]
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import Parser from "rss-parser";
import type { CategoryId } from "@/lib/catalog";
import { sourceIdForFileName } from "@/lib/sources/file-names";
import { KNOWN_SOURCES, feedsOf, type KnownSource } from "@/lib/sources/registry";
import { dataFolderPath } from "../data-folder";
import { runScript } from "../script-runner";
import { withScratchPostgres } from "./lib/server";

const NAMESPACES = [
  'xmlns:media="http://search.yahoo.com/mrss/"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:content="http://purl.org/rss/1.0/modules/content/"',
  'xmlns:atom="http://www.w3.org/2005/Atom"',
  'xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0"',
].join(" ");

interface BenchFeed {
  id: string;
  sourceId: string;
  category: CategoryId;
  xml: string;
  gzip: Buffer;
  items: number;
}

interface ChildReport {
  engine: string;
  items: number;
  stored: number;
  seconds: number;
  itemsPerSecond: number;
  slowest: { source: string; ms: number };
  peakRssMb: number;
  startRssMb: number;
  failed: number;
  stageSeconds: Record<string, number>;
  /** CPU time of the ingest process during the run: steadier than wall time on a busy machine. */
  cpuSeconds: number;
  /** Bare rss-parser over the same bytes, same process, just after the run. */
  parserSeconds: number;
}

/** The <item> elements of the dev RSS files of our outlets, as raw XML. */
function itemPool(): string[] {
  const dir = dataFolderPath("the real saved feeds it replicates", "feeds", "dev");
  const pool: string[] = [];
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith(".xml") || !sourceIdForFileName(file)) continue;
    const xml = fs.readFileSync(path.join(dir, file), "utf8");
    pool.push(...(xml.match(/<item[\s>][\s\S]*?<\/item>/g) ?? []));
  }
  return pool;
}

const rfc822 = (d: Date) => d.toUTCString();

function rewriteItem(item: string, sourceId: string, category: string, n: number, date: Date): string {
  const link = `https://bench.example/${sourceId}/${category}/${n}`;
  return item
    .replace(/<link>[\s\S]*?<\/link>/, `<link>${link}</link>`)
    .replace(
      /<guid[^>]*>[\s\S]*?<\/guid>/,
      `<guid isPermaLink="false">bench-${sourceId}-${category}-${n}</guid>`,
    )
    .replace(
      /<feedburner:origLink>[\s\S]*?<\/feedburner:origLink>/,
      `<feedburner:origLink>${link}</feedburner:origLink>`,
    )
    .replace(/<\/title>/, ` (${n})</title>`)
    .replace(/<pubDate>[\s\S]*?<\/pubDate>/, `<pubDate>${rfc822(date)}</pubDate>`);
}

/** The categories an outlet's bench feeds cover: its own, or general for an outlet without feeds. */
function benchCategories(source: KnownSource): CategoryId[] {
  const categories = feedsOf(source).map((f) => f.category);
  return categories.length ? categories : ["general"];
}

/** Per-feed XML: ~items/19 per outlet, split over the outlet's feeds (Reuters and Euronews get one). */
function buildFeeds(total: number, now: Date): BenchFeed[] {
  const pool = itemPool();
  const perSource = Math.floor(total / KNOWN_SOURCES.length);
  let extra = total - perSource * KNOWN_SOURCES.length;
  let k = 0;
  const feeds: BenchFeed[] = [];
  for (const source of KNOWN_SOURCES) {
    const categories = benchCategories(source);
    let count = perSource + (extra-- > 0 ? 1 : 0);
    categories.forEach((category, i) => {
      const share = Math.ceil(count / (categories.length - i));
      count -= share;
      const items: string[] = [];
      for (let n = 0; n < share; n++) {
        const date = new Date(now.getTime() - ((k * 7919) % (48 * 60)) * 60_000);
        items.push(rewriteItem(pool[k++ % pool.length], source.id, category, n, date));
      }
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" ${NAMESPACES}><channel><title>${source.name} (bench)</title><link>https://bench.example/${source.id}</link><description>bench</description>\n${items.join("\n")}\n</channel></rss>`;
      feeds.push({
        id: `${source.id}:${category}`,
        sourceId: source.id,
        category,
        xml,
        gzip: zlib.gzipSync(xml),
        items: share,
      });
    });
  }
  return feeds;
}

/**
 * Bare rss-parser over the same bytes, timed in the ingest process right after the run, so
 * both figures see the same machine load (the ratio is what to compare across machines).
 */
async function bareParserSeconds(urls: string[]): Promise<number> {
  const bodies = await Promise.all(urls.map(async (u) => (await fetch(u)).text()));
  let best = Infinity;
  for (let round = 0; round < 2; round++) {
    const t0 = performance.now();
    for (const xml of bodies) await new Parser().parseString(xml);
    best = Math.min(best, performance.now() - t0);
  }
  return best / 1000;
}

function serve(feeds: BenchFeed[]): Promise<http.Server> {
  const byPath = new Map(feeds.map((f) => [`/bench/${f.id}.xml`, f]));
  const server = http.createServer((req, res) => {
    const feed = byPath.get(new URL(req.url ?? "/", "http://x").pathname);
    if (!feed) return res.writeHead(404).end();
    res
      .writeHead(200, {
        "content-type": "application/rss+xml",
        "content-encoding": "gzip",
        "content-length": String(feed.gzip.length),
      })
      .end(feed.gzip);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function runChild(
  engine: string,
  origin: string,
  concurrency: string,
  env: Record<string, string>,
  profileDir?: string,
): Promise<ChildReport> {
  const profile = profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
  return new Promise((resolve, reject) => {
    const args = [
      "--import",
      "tsx",
      "--conditions=react-server",
      ...profile,
      "scripts/bench/ingest.ts",
      "--child",
      "--origin",
      origin,
      "--engine",
      engine,
      "--concurrency",
      concurrency,
    ];
    // The child inherits this process's environment, with its own database.
    // The benchmark's feed host listens on 127.0.0.1.
    Object.assign(process.env, {
      LOG_LEVEL: "warn",
      SCHEDULER_ENABLED: "false",
      DEMO_SNAPSHOT: "off",
      FEED_ALLOW_LOOPBACK: "true",
      ...env,
    });
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.on("close", (code) => {
      const line = out.trim().split("\n").pop() ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line));
      else reject(new Error(`${engine} bench exited with ${code}: ${out}`));
    });
  });
}

/** In the child: a fresh database, feeds pointed at the bench server, one timed run. */
async function child(origin: string, engine: string, concurrency: number): Promise<void> {
  const { getDatabase, closeDatabase } = await import("@/lib/db");
  const { prepareDatabase } = await import("@/lib/services/prepare-database");
  const { runIngest } = await import("@/lib/services/run-ingest");
  const db = getDatabase();
  await prepareDatabase(db);
  const prisma = db.prisma;
  const urls: string[] = [];
  // The bench feeds all 19 outlets, including the two without a public feed.
  await prisma.source.updateMany({ data: { available: true } });
  for (const source of KNOWN_SOURCES) {
    const categories = benchCategories(source);
    for (const category of categories) {
      const id = `${source.id}:${category}`;
      const url = `${origin}/bench/${id}.xml`;
      urls.push(url);
      await prisma.feed.upsert({
        where: { id },
        create: { id, sourceId: source.id, category, url },
        update: { url },
      });
    }
  }

  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const mark0 = process.hrtime.bigint() / 1000n;
  const summary = await runIngest({ trigger: "cli", fetch: { concurrency, hostConcurrency: concurrency } });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  if (process.execArgv.includes("--cpu-prof"))
    console.error(`profile window of the run (µs, hrtime): ${mark0} ${process.hrtime.bigint() / 1000n}`);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  const bySource = new Map<string, number>();
  for (const o of summary.outcomes)
    bySource.set(o.sourceName, (bySource.get(o.sourceName) ?? 0) + o.durationMs);
  const [source, ms] = [...bySource.entries()].sort((a, b) => b[1] - a[1])[0];
  const stageSeconds: Record<string, number> = {};
  for (const o of summary.outcomes)
    for (const [k, v] of Object.entries(o.stageMs)) stageSeconds[k] = (stageSeconds[k] ?? 0) + v / 1000;
  const report: ChildReport = {
    engine,
    items: summary.totals.items,
    stored: summary.totals.new,
    seconds,
    itemsPerSecond: summary.totals.new / seconds,
    slowest: { source, ms },
    peakRssMb: peak / 2 ** 20,
    startRssMb: startRss / 2 ** 20,
    failed: summary.totals.failed,
    stageSeconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    parserSeconds: await bareParserSeconds(urls),
  };
  await closeDatabase();
  console.log(JSON.stringify(report));
}

async function main() {
  const { values } = parseArgs({
    options: {
      child: { type: "boolean", default: false },
      origin: { type: "string" },
      engine: { type: "string", default: "both" },
      items: { type: "string", default: "10000" },
      /** Feeds fetched at once (the local server stands in for 19 hosts, so per host too). */
      concurrency: { type: "string", default: "6" },
      /** Write a V8 CPU profile of each ingest process into this folder. */
      profile: { type: "string" },
    },
  });
  if (values.child) return child(values.origin!, values.engine!, Number(values.concurrency));

  const now = new Date();
  const feeds = buildFeeds(Number(values.items), now);
  const total = feeds.reduce((n, f) => n + f.items, 0);
  const bytes = feeds.reduce((n, f) => n + Buffer.byteLength(f.xml), 0);
  console.log(
    `Bench: ${total} items in ${feeds.length} feeds of ${KNOWN_SOURCES.length} outlets, ${(bytes / 2 ** 20).toFixed(1)} MB of XML (${os.cpus().length} CPUs, Node ${process.version})`,
  );

  const server = await serve(feeds);
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const engines = values.engine === "both" ? ["pglite", "postgresql"] : [values.engine!];
  const reports: ChildReport[] = [];
  for (const engine of engines) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-bench-"));
    const run = (url: string) =>
      runChild(engine, origin, values.concurrency!, { DATABASE_URL: url, DATA_DIR: dir }, values.profile);
    try {
      if (engine === "pglite") reports.push(await run(`pglite:${path.join(dir, "pglite")}`));
      else {
        const { env } = await import("@/lib/env");
        reports.push(await withScratchPostgres(env.TEST_POSTGRES_URL, `news_bench_${process.pid}`, run));
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  server.closeAllConnections();
  server.close();

  console.log("");
  console.log(
    "engine      items  stored   time    items/s  slowest source (summed feed time)   peak RSS   bare parser  ratio",
  );
  for (const r of reports) {
    console.log(
      `${r.engine.padEnd(10)} ${String(r.items).padStart(6)} ${String(r.stored).padStart(7)} ${r.seconds.toFixed(2).padStart(6)} s ${Math.round(r.itemsPerSecond).toString().padStart(8)}  ` +
        `${`${r.slowest.source} (${(r.slowest.ms / 1000).toFixed(2)} s)`.padEnd(35)} ${r.peakRssMb.toFixed(0).padStart(5)} MB   ${r.parserSeconds.toFixed(2).padStart(7)} s  ${(r.seconds / r.parserSeconds).toFixed(1)}×`,
    );
    if (r.failed) console.log(`  ${r.failed} feeds failed`);
    console.log(
      `  CPU time ${r.cpuSeconds.toFixed(2)} s (${Math.round(r.stored / r.cpuSeconds)} items per CPU-second); memory at start of the run ${r.startRssMb.toFixed(0)} MB`,
    );
    console.log(
      `  time in stages, summed over feeds (they overlap): ${Object.entries(r.stageSeconds)
        .map(([k, v]) => `${k} ${v.toFixed(2)} s`)
        .join(", ")}`,
    );
  }
  const pglite = reports.find((r) => r.engine === "pglite");
  if (pglite) {
    const share = pglite.cpuSeconds / pglite.seconds;
    const perCpuSecond = pglite.stored / pglite.cpuSeconds;
    console.log(`\nTarget on PGlite: at least 2,000 items/s stored and peak memory under 400 MB.`);
    console.log(
      `  wall clock: ${Math.round(pglite.itemsPerSecond)} items/s (${pglite.itemsPerSecond >= 2_000 ? "met" : "not met"}); the ingest had ${Math.round(share * 100)}% of a CPU ` +
        `(one thread: PGlite runs on it too), so an idle machine stores about ${Math.round(perCpuSecond)} items/s (${perCpuSecond >= 2_000 ? "met" : "not met"})`,
    );
    console.log(
      `  memory: peak ${pglite.peakRssMb.toFixed(0)} MB (${pglite.peakRssMb < 400 ? "met" : "not met"}), of which ${pglite.startRssMb.toFixed(0)} MB before the run ` +
        `(Node, Prisma and PGlite itself, about 280 MB of it); the ingest added ${(pglite.peakRssMb - pglite.startRssMb).toFixed(0)} MB`,
    );
  }
}

runScript(main);
