/**
 * `tsx scripts/bench/load-news.ts COUNT`: migrates and seeds the configured database, loads COUNT
 * synthetic articles (scripts/bench/synthetic-news.ts) spread over the last 48 hours and over the
 * 19 known outlets, then builds the comparison cards. Used by the API and soak benchmarks.
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
  const cards = await rebuildCards();
  console.log(`Loaded ${stored} articles; ${cards.cards} comparison cards in ${cards.ms} ms.`);
  await closeDatabase();
});
