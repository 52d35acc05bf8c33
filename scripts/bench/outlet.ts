/**
 * What an outlet's profile (GET /api/v1/sources/{id}, the page /sources/{id}) costs at its worst,
 * in process on a fresh PGlite folder (or the empty PostgreSQL database `--database URL` names):
 * about 5,000 synthetic articles in the window, clustered into cards, then for every outlet the
 * profile computed afresh (cold: the service, no cache) and answered through the route from the
 * read cache (cached). Prints the worst outlet's p50 and p95, wall-clock and CPU.
 *
 *   npm run bench:outlet [-- --articles 5000 --runs 20 --database postgresql://…]
 */
import os from "node:os";
import { runScript } from "../script-runner";
import { percentile } from "./lib/server";
import { withSyntheticWindow } from "./lib/bench-database";
import { ms, option, summary, timed } from "./lib/timed";

runScript(async () => {
  const articles = Number(option("articles") ?? 5_000);
  const runs = Number(option("runs") ?? 20);
  await withSyntheticWindow("outlet", { articles, database: option("database") }, async (db) => {
    const { rebuildCards } = await import("@/lib/services/rebuild-cards");
    const { getSourceProfile } = await import("@/lib/services/get-source-profile");
    const { invalidateReadCache } = await import("@/lib/read-cache");
    const { KNOWN_SOURCES } = await import("@/lib/sources/registry");
    const route = (await import("@/app/api/v1/sources/[id]/route")).GET;
    const t0 = performance.now();
    const rebuilt = await rebuildCards();
    console.log(`Machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`);
    console.log(
      `Engine: ${db.engine}; ${articles} synthetic articles in the window, ${rebuilt.cards} cards ` +
        `(clustered in ${ms(performance.now() - t0)}).\n`,
    );

    // Cold: the service itself, for every outlet; the worst by p50.
    const cold = [];
    for (const s of KNOWN_SOURCES) {
      const profile = await getSourceProfile(s.id);
      const t = await timed(runs, () => getSourceProfile(s.id));
      cold.push({ id: s.id, covered: profile?.covered.total ?? 0, leftOut: profile?.leftOut.total ?? 0, t });
    }
    cold.sort((a, b) => percentile(b.t.wall, 50) - percentile(a.t.wall, 50));
    const worst = cold[0];
    console.log("Cold (the profile computed afresh), slowest three outlets:");
    for (const c of cold.slice(0, 3))
      console.log(`  ${c.id} (${c.covered} stories covered, ${c.leftOut} left out): ${summary(c.t)}`);

    // Cached: the route's answer from the read cache, for the worst outlet.
    const call = () =>
      route(new Request(`http://127.0.0.1/api/v1/sources/${worst.id}`), {
        params: Promise.resolve({ id: worst.id }),
      }).then((r) => r.arrayBuffer());
    invalidateReadCache();
    const first = performance.now();
    await call();
    console.log(
      `\nThrough the route, ${worst.id}: first answer ${ms(performance.now() - first)} (computed, then cached)`,
    );
    console.log(`  cached: ${summary(await timed(runs * 5, call))}`);
  });
});
