/** Runs before the server starts (`npm start`, `npm run dev`): migrate, then seed. Idempotent. */
import path from "node:path";
import { closeDatabase, getDatabase } from "@/lib/db";
import { describeTarget } from "@/lib/database/target";
import { env } from "@/lib/env";
import { prepareDatabase } from "@/lib/services/prepare-database";
import { runScript } from "./script-runner";

runScript(async () => {
  const db = getDatabase();
  const { applied, seeded } = await prepareDatabase(db);
  console.log(
    `Database: ${describeTarget(db.target)}; ${applied.length ? `applied ${applied.join(", ")}` : "migrations up to date"}; ` +
      `${seeded.sources} sources, ${seeded.feeds} feeds, accounts ${seeded.users.join(" and ")}.`,
  );
  if (!env.OPERATOR_PASSWORD && env.APP_ENV === "local") {
    console.log(
      `Operator password (generated for this machine): ${path.join(env.DATA_DIR, "operator-password.txt")}`,
    );
  }
  await closeDatabase();
});
