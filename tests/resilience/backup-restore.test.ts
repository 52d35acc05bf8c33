import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTsx } from "@/scripts/bench/lib/server";
import { rssFeed } from "@/tests/helpers/rss";
import {
  api,
  appEnv,
  createPostgresDatabase,
  dropPostgresDatabase,
  inspect,
  loginAs,
  postgresUrl,
  setupDatabase,
  startApp,
  tempDir,
  TEST_OPERATOR,
} from "./helpers";
import type { DatabaseTarget } from "@/lib/database/target";
import { machineHas } from "@/tests/setup/test-env";

/**
 * Issue 9: a backup of each engine, restored into a new database, serves the same cards.
 */

let feeds: http.Server;
let origin = "";

beforeAll(async () => {
  feeds = http.createServer((req, res) => {
    const id = decodeURIComponent(req.url!.split("/").pop()!);
    const [outlet, category] = id.split(":");
    const item =
      category === "general"
        ? {
            title: `Canada's Parliament passes national pharmacare bill, 2 million to benefit (${outlet})`,
            link: `https://${outlet}.test/pharmacare`,
            description: "Canada's Parliament passed the pharmacare bill; 2 million people benefit.",
            hoursAgo: 1,
          }
        : {
            title: `${id} briefing`,
            link: `https://${outlet}.test/${category}`,
            description: "Briefing.",
            hoursAgo: 2,
          };
    res.writeHead(200, { "content-type": "application/rss+xml" }).end(rssFeed(id, [item]));
  });
  await new Promise<void>((r) => feeds.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(feeds.address() as { port: number }).port}`;
});

afterAll(() => new Promise<void>((r) => feeds.close(() => r())));

type Cards = { data: { comparisonCards: { cardId: string; topic: string; totalArticles: number }[] } };

/** Prepares a database with cards, serves it, and returns what the API answered. */
async function populate(env: Record<string, string>, target: DatabaseTarget) {
  setupDatabase(env);
  await inspect(target, async (db) => {
    for (const f of await db.prisma.feed.findMany()) {
      await db.prisma.feed.update({
        where: { id: f.id },
        data: { url: `${origin}/feed/${encodeURIComponent(f.id)}` },
      });
    }
  });
  const server = await startApp(env);
  try {
    const token = await loginAs(server.base, TEST_OPERATOR);
    expect(
      (await api(server.base, "/api/v1/comparison-cards/generate", { token, body: { country: "ca" } }))
        .status,
    ).toBe(200);
    return (await api<Cards>(server.base, "/api/v1/comparison-cards?country=ca")).json.data.comparisonCards;
  } finally {
    await server.stop();
  }
}

async function served(env: Record<string, string>) {
  const server = await startApp(env);
  try {
    const cards = (await api<Cards>(server.base, "/api/v1/comparison-cards?country=ca")).json.data
      .comparisonCards;
    const card = await api(server.base, `/api/v1/comparison-cards/${cards[0]?.cardId}`);
    return { cards, cardStatus: card.status };
  } finally {
    await server.stop();
  }
}

describe("PGlite", () => {
  it("restores a backup of the data folder into a new folder and serves it", async () => {
    const dir = tempDir("backup-pglite");
    const original = { engine: "pglite" as const, dir: path.join(dir, "pglite") };
    const env = appEnv({ DATABASE_URL: `pglite:${original.dir}`, DATA_DIR: dir });
    const before = await populate(env, original);
    expect(before.length).toBeGreaterThan(0);
    const file = path.join(dir, "backups", "news.tar.gz");
    runTsx("scripts/db-backup.ts", [file], env);
    expect(fs.statSync(file).size).toBeGreaterThan(1_000);

    const restoredDir = path.join(dir, "restored");
    const restoredEnv = appEnv({ DATABASE_URL: `pglite:${restoredDir}`, DATA_DIR: dir });
    runTsx("scripts/db-restore.ts", [file], restoredEnv);
    expect(() => runTsx("scripts/db-restore.ts", [file], restoredEnv)).toThrow(); // refuses to overwrite without --force
    const after = await served(restoredEnv);
    expect(after.cards).toEqual(before);
    expect(after.cardStatus).toBe(200);
  });
});

// Needs a PostgreSQL server and pg_dump/pg_restore; npm test skips it (and says so) without them.
describe.runIf(machineHas("postgres") && machineHas("postgres-tools"))("PostgreSQL", () => {
  const names = [`news_res_backup_${process.pid}`, `news_res_restore_${process.pid}`];
  beforeAll(async () => {
    for (const n of names) await createPostgresDatabase(n);
  });
  afterAll(async () => {
    for (const n of names) await dropPostgresDatabase(n);
  });

  it("restores a pg_dump backup into another database and serves it", async () => {
    const dir = tempDir("backup-pg");
    const env = appEnv({ DATABASE_URL: postgresUrl(names[0]), DATA_DIR: dir });
    const before = await populate(env, { engine: "postgresql", url: postgresUrl(names[0]) });
    const file = path.join(dir, "news.dump");
    runTsx("scripts/db-backup.ts", [file], env);
    const restoredEnv = appEnv({ DATABASE_URL: postgresUrl(names[1]), DATA_DIR: dir });
    runTsx("scripts/db-restore.ts", [file], restoredEnv);
    const after = await served(restoredEnv);
    expect(after.cards).toEqual(before);
    expect(after.cardStatus).toBe(200);
  });
});
