/**
 * Hostile analysis benchmark (issue 14): the table of pathological requests of
 * tests/fixtures/hostile-analysis.ts (each about 500 KB, inside every schema limit) sent to the
 * built server (`next start` on a fresh PGlite folder, local analyzer) one after another, each
 * while the liveness probe is polled back to back. Prints each answer's time and the slowest
 * probe answer during it. Targets: every answer under 1 s, every probe under 100 ms.
 *
 *   npm run bench:analysis-hostile [-- --strict]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PUBLIC_READER } from "@/lib/public-reader";
import { hostileAnalysisCases } from "@/tests/fixtures/hostile-analysis";
import { runScript } from "../script-runner";
import { timeWithLiveness } from "./lib/liveness";
import { benchServerEnv, buildIfStale, runTsx, startServer } from "./lib/server";

const TARGET_ANSWER_MS = 1_000;
const TARGET_PROBE_MS = 100;

runScript(async () => {
  buildIfStale();
  const [load1] = os.loadavg();
  console.log(
    `Machine: ${os.cpus().length} CPUs, load average ${load1.toFixed(1)} (figures grow with other load)`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-bench-hostile-"));
  const env = benchServerEnv(dir);
  try {
    runTsx("scripts/db-setup.ts", [], env);
    const server = await startServer(env);
    try {
      const login = await fetch(`${server.base}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(PUBLIC_READER),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const send = (articles: unknown) => () =>
        fetch(`${server.base}/api/v1/analysis/compare-articles`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ articles }),
        });
      // The first request loads the route's code; it is not measured.
      const [first] = hostileAnalysisCases();
      await (
        await send(
          first.articles.slice(0, 2).map((a) => ({ ...a, summary: "Warm up.", content: "Warm up." })),
        )()
      ).arrayBuffer();
      let worstAnswer = 0;
      let worstProbe = 0;
      let ok = true;
      console.log(
        `${"input".padEnd(38)} ${"KB".padStart(5)} ${"status".padStart(6)} ${"answer".padStart(9)} ${"worst probe".padStart(12)}`,
      );
      for (const c of hostileAnalysisCases()) {
        const kb = Buffer.byteLength(JSON.stringify({ articles: c.articles })) / 1024;
        const t = await timeWithLiveness(server.base, send(c.articles));
        worstAnswer = Math.max(worstAnswer, t.ms);
        worstProbe = Math.max(worstProbe, t.worstProbeMs);
        ok &&= t.status === 200 && t.ms < TARGET_ANSWER_MS && t.worstProbeMs < TARGET_PROBE_MS;
        console.log(
          `${c.name.padEnd(38)} ${kb.toFixed(0).padStart(5)} ${String(t.status).padStart(6)} ${`${t.ms.toFixed(0)} ms`.padStart(9)} ${`${t.worstProbeMs.toFixed(1)} ms`.padStart(12)}`,
        );
      }
      console.log(
        `Worst answer ${worstAnswer.toFixed(0)} ms (target < ${TARGET_ANSWER_MS} ms); worst liveness ${worstProbe.toFixed(1)} ms (target < ${TARGET_PROBE_MS} ms).`,
      );
      console.log(ok ? "Targets met." : "Targets missed.");
      if (!ok && process.argv.includes("--strict")) process.exitCode = 1;
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
