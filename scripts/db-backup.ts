/** `npm run db:backup -- FILE`: backs up the configured database (PGlite: stop the server first). */
import { databaseTarget } from "@/lib/db";
import { backupDatabase } from "@/lib/database/backup";
import { describeTarget } from "@/lib/database/target";
import { runScript } from "./script-runner";

runScript(async () => {
  const file = process.argv[2];
  if (!file) throw new Error("Usage: npm run db:backup -- FILE");
  const target = databaseTarget();
  await backupDatabase(target, file);
  console.log(`Backed up ${describeTarget(target)} to ${file}.`);
});
