import { getDatabase } from "@/lib/db";
import { migrate } from "@/lib/database/migrate";
import { seedDatabase } from "@/lib/services/seed-database";

/** Migrates and seeds the test file's database (both engines). */
export async function prepareTestDatabase(): Promise<void> {
  const db = getDatabase();
  await migrate(db);
  await seedDatabase(db.prisma);
}
