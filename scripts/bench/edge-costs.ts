/**
 * What issue 23's hostile reads and bodies cost, in process on a fresh PGlite folder (or the
 * empty PostgreSQL database `--database URL` names, which it fills):
 *   (a) the topic search (GET /api/v1/search's service) at about 5,300 articles in the window:
 *       p50 and p95 per query, for a frequent word, a rare one, a name, two words and none;
 *   (b) 1 MiB of nested brackets through the route wrapper, to the public login and to the
 *       analysis route: the handler's time per request (the request's body included), next to
 *       JSON.parse of the same text.
 * Wall-clock and CPU times; the machine's load average is printed first.
 *
 *   npm run bench:edge [-- --articles 5300 --runs 30 --database postgresql://…]
 */
import os from "node:os";
import { runScript } from "../script-runner";
import { withSyntheticWindow } from "./lib/bench-database";
import { option, summary, timed } from "./lib/timed";

runScript(async () => {
  const articles = Number(option("articles") ?? 5_300);
  const runs = Number(option("runs") ?? 30);
  await withSyntheticWindow("edge", { articles, database: option("database") }, async (db) => {
    const { searchArticles } = await import("@/lib/services/search-articles");
    const { signAccessToken } = await import("@/lib/auth/tokens");
    const { generateSyntheticNews } = await import("./synthetic-news");
    const login = (await import("@/app/api/v1/auth/login/route")).POST;
    const compare = (await import("@/app/api/v1/analysis/compare-articles/route")).POST;
    console.log(`Machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`);
    console.log(`Engine: ${db.engine}; ${articles} synthetic articles in the window.\n`);

    // (a) Search. The words come from the synthetic news, so each query has its usual share of matches.
    const sample = generateSyntheticNews(articles).articles;
    const name = sample[100].title.split(" ")[0];
    const rare = sample[4_000].summary.split(" ")[3].replace(/\W/g, "");
    const queries = [
      ["frequent word", "report"],
      ["rare word", rare],
      ["name", name],
      ["two words", "government market"],
      ["no match", "volcano"],
    ] as const;
    console.log("(a) search, per query (20 results at most):");
    const all = { wall: [] as number[], cpu: [] as number[] };
    for (const [label, q] of queries) {
      let count = 0;
      const times = await timed(runs, async () => {
        count = (await searchArticles({ q, limit: 20, country: [] })).results.length;
      });
      all.wall.push(...times.wall);
      all.cpu.push(...times.cpu);
      console.log(`  ${label.padEnd(14)} ${`"${q}"`.padEnd(20)} ${summary(times)}, ${count} results`);
    }
    console.log(`  all queries: ${summary(all)}\n`);

    // (b) Deep JSON through the route wrapper; a new client address per request keeps the limits out of it.
    const half = 512 * 1024;
    const brackets = `${"[".repeat(half)}${"]".repeat(half)}`;
    const parse = await timed(Math.min(runs, 10), async () => JSON.parse(brackets));
    console.log(`(b) 1 MiB of nested brackets; JSON.parse alone: ${summary(parse)}`);
    const reader = (await signAccessToken({ username: "reader", role: "reader" })).token;
    let n = 0;
    for (const [label, handler, route, token] of [
      ["login", login, "/api/v1/auth/login", null],
      ["analysis", compare, "/api/v1/analysis/compare-articles", reader],
    ] as const) {
      let status = 0;
      const times = await timed(Math.min(runs, 10), async () => {
        n++;
        const headers: Record<string, string> = {
          "content-type": "application/json",
          "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        };
        if (token) headers.authorization = `Bearer ${token}`;
        const req = new Request(`http://127.0.0.1${route}`, { method: "POST", headers, body: brackets });
        const res = await handler(req, { params: Promise.resolve({}) });
        status = res.status;
        await res.arrayBuffer();
      });
      console.log(`  ${label.padEnd(9)} answers ${status}: ${summary(times)}`);
    }
  });
});
