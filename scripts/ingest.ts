/**
 * `npm run ingest`: fetch the registered feeds now (or ingest saved files), with live
 * progress and a summary table. Same service as the scheduler and the operator route.
 * stdout carries only the command's output (with --json, exactly one JSON document, so
 * `npm run -s ingest -- --json | jq` works); logs and errors go to stderr.
 *
 *   npm run ingest -- [--source ID]… [--category ID]… [--from-dir DIR] [--now ISO] [--json]
 */
import { parseArgs } from "node:util";
import { CATEGORY_IDS, isCategoryId, type CategoryId } from "@/lib/catalog";
import { closeDatabase, getDatabase } from "@/lib/db";
import { DatabaseLockedError } from "@/lib/database/pglite-lock";
import { migrate } from "@/lib/database/migrate";
import { IngestRequestError } from "@/lib/ingest/errors";
import { logToStderr } from "@/lib/log";
import { refreshNews } from "@/lib/services/refresh-news";
import { seedDatabase } from "@/lib/services/seed-database";
import { createProgressPrinter, formatSummary } from "./ingest-output";
import { runScript } from "./script-runner";

const HELP = `Usage: npm run ingest -- [options]

  --source ID      only this outlet (repeat, or comma-separated), e.g. bbc-news,cnn
  --category ID    only this category (repeat, or comma-separated): ${CATEGORY_IDS.join(", ")}
  --from-dir DIR   ingest saved feed files (*.xml) instead of fetching; files map to outlets
                   by name (bbc-…, cnn-…, guardian-…); others are skipped
  --now ISO        the time the 72-hour window ends (default: now; with --from-dir, the
                   newest item of each file)
  --json           print one JSON summary instead of progress and a table
  --help           this text`;

const list = (values: string[] | undefined) =>
  values
    ?.flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);

function fail(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}

runScript(async () => {
  logToStderr();
  const { values } = parseArgs({
    options: {
      source: { type: "string", multiple: true },
      category: { type: "string", multiple: true },
      "from-dir": { type: "string" },
      now: { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return void console.log(HELP);
  const categories = list(values.category);
  const badCategory = categories?.find((c) => !isCategoryId(c));
  if (badCategory) fail(`Unknown category "${badCategory}". Categories: ${CATEGORY_IDS.join(", ")}.`);
  const now = values.now ? new Date(values.now) : undefined;
  if (now && Number.isNaN(now.getTime())) fail(`--now must be an ISO date and time, got "${values.now}".`);

  let db;
  try {
    db = getDatabase();
    await migrate(db);
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      fail(
        `the embedded database is held by a running server, so the command line cannot open it.\n${error.message}`,
      );
    }
    throw error;
  }
  await seedDatabase(db.prisma);

  const printer = values.json ? null : createProgressPrinter();
  const refresh = () =>
    refreshNews({
      trigger: "cli",
      sources: list(values.source),
      categories: categories as CategoryId[] | undefined,
      fromDir: values["from-dir"],
      now,
      onProgress: printer?.onProgress,
    });
  let result;
  try {
    const attempt = await db.tryWithLock("ingest", refresh);
    if (attempt.acquired) result = attempt.value;
    else {
      console.error(
        "Another ingest is running (the scheduler or another command); waiting for it to finish…",
      );
      result = await db.withLock("ingest", refresh);
    }
  } catch (error) {
    if (error instanceof IngestRequestError) fail(error.message);
    throw error;
  }
  printer?.finish();

  if (values.json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    console.log(`\n${formatSummary(result.ingest)}`);
    if (result.demo.loaded)
      console.log(
        `No feed could be fetched: loaded the bundled demo snapshot (${result.demo.loaded.totals.new} invented articles, marked as demo).`,
      );
    if (result.demo.removed)
      console.log(`Real articles arrived: removed ${result.demo.removed} demo articles.`);
  }
  // Every feed failing is worth a non-zero exit for cron wrappers; a partial run is not.
  if (result.ingest.status === "failed") process.exitCode = 2;
  await closeDatabase();
});
