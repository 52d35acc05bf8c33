/** `npm run db:seed`: loads the known outlets, their feeds and the accounts (idempotent). */
import { closeDatabase, getPrisma } from "@/lib/db";
import { seedDatabase } from "@/lib/services/seed-database";
import { runScript } from "./script-runner";

runScript(async () => {
  const s = await seedDatabase(getPrisma());
  console.log(`Seeded ${s.sources} sources, ${s.feeds} feeds, accounts: ${s.users.join(", ")}.`);
  await closeDatabase();
});
