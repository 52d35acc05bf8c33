import { expect, it } from "vitest";
import { getDatabase } from "@/lib/db";

/**
 * Issue 34: PGlite runs in the server's thread and answers without I/O, so a run of statements
 * never let the event loop turn (an outlet's profile, five statements, held the liveness probe for
 * all of them). Every statement now waits for a turn first: work queued meanwhile (a request, the
 * probe) runs between statements, through Prisma and the plain SQL runner alike, in a transaction
 * too. On PostgreSQL each statement is I/O anyway.
 */

/** How many turns of the event loop a chain of setImmediate callbacks got while `work` ran. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const turn = () => {
    turns++;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}

const STATEMENTS = 20;

it("a run of statements lets the event loop turn between them, through Prisma, the SQL runner and a transaction", async () => {
  const db = getDatabase();
  await db.sql.query("SELECT 1");
  const viaSql = await turnsDuring(async () => {
    for (let i = 0; i < STATEMENTS; i++) await db.sql.query("SELECT $1::int AS n", [i]);
  });
  const viaPrisma = await turnsDuring(async () => {
    for (let i = 0; i < STATEMENTS; i++) await db.prisma.user.count();
  });
  const inTransaction = await turnsDuring(() =>
    db.prisma.$transaction(async (tx) => {
      for (let i = 0; i < STATEMENTS; i++) await tx.user.count();
    }),
  );
  for (const turns of [viaSql, viaPrisma, inTransaction]) expect(turns).toBeGreaterThanOrEqual(STATEMENTS);
});
