/** `npm run db:restore -- FILE [--force]`: restores a backup into the configured database (server stopped). */
import { databaseTarget } from "@/lib/db";
import { restoreDatabase } from "@/lib/database/backup";
import { describeTarget } from "@/lib/database/target";
import { runScript } from "./script-runner";

runScript(async () => {
  const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
  if (!file) throw new Error("Usage: npm run db:restore -- FILE [--force]");
  const target = databaseTarget();
  const movedAside = await restoreDatabase(target, file, { force: process.argv.includes("--force") });
  console.log(
    `Restored ${file} into ${describeTarget(target)}.${movedAside ? ` The previous folder is at ${movedAside}.` : ""}`,
  );
});
