/** `npm run db:migrate`: applies pending migrations to the configured database. */
import { closeDatabase, getDatabase } from "@/lib/db";
import { describeTarget } from "@/lib/database/target";
import { migrate } from "@/lib/database/migrate";
import { runScript } from "./script-runner";

runScript(async () => {
  const db = getDatabase();
  const applied = await migrate(db);
  console.log(
    applied.length
      ? `Applied ${applied.length} migration(s) to ${describeTarget(db.target)}: ${applied.join(", ")}`
      : `${describeTarget(db.target)} is up to date.`,
  );
  await closeDatabase();
});
