/**
 * `tsx scripts/bench/load-news.ts COUNT [--no-cards]`: migrates and seeds the configured database,
 * loads COUNT synthetic articles (scripts/bench/synthetic-news.ts) spread over the last 48 hours and
 * over the 19 known outlets, then builds the comparison cards (with `--no-cards`, not: the window
 * as an ingest leaves it before its first rebuild). Used by the API, soak and hostile-load benchmarks.
 */
import { closeDatabase, getDatabase } from "@/lib/db";
import { prepareDatabase } from "@/lib/services/prepare-database";
import { rebuildCards } from "@/lib/services/rebuild-cards";
import { runScript } from "../script-runner";
import { storeSyntheticWindow } from "./lib/synthetic-window";

runScript(async () => {
  const count = Number(process.argv[2] ?? 5000);
  const db = getDatabase();
  await prepareDatabase(db);
  const stored = await storeSyntheticWindow(db, count);
  if (process.argv.includes("--no-cards")) console.log(`Loaded ${stored} articles; no cards built.`);
  else {
    const cards = await rebuildCards();
    console.log(`Loaded ${stored} articles; ${cards.cards} comparison cards in ${cards.ms} ms.`);
  }
  await closeDatabase();
});
