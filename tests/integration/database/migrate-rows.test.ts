/**
 * The enum migration, and every later one, on a database that already holds rows, on this
 * project's engine: a scratch database migrated to the step before, filled with plain SQL as the
 * previous schema stored it, then migrated; every value must survive and read back through
 * Prisma, and the search column (issue 23) is filled for the rows already there.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { getDatabase } from "@/lib/db";
import { MIGRATIONS_DIR, migrate, readMigrations } from "@/lib/database/migrate";
import { openDatabase, type Database } from "@/lib/database/open";
import { biasRatingOf } from "@/lib/sources/registry";
import { postgresUrl, withPostgresAdmin } from "@/tests/setup/postgres-admin";

const ENUM_MIGRATION = readMigrations().find((m) => m.name.endsWith("_enum_columns"))!.name;
const beforeDir = fs.mkdtempSync(path.join(os.tmpdir(), "news-it-migrations-"));
let db: Database;

beforeAll(async () => {
  if (getDatabase().engine === "postgresql") {
    const name = `${inject("postgresRunPrefix")}_rows_${crypto.randomBytes(4).toString("hex")}`;
    await withPostgresAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
    db = openDatabase({ engine: "postgresql", url: postgresUrl(name) }, { purpose: "migration test" });
  } else {
    db = openDatabase({ engine: "pglite", dir: "memory://" }, { purpose: "migration test" });
  }
  for (const m of readMigrations().filter((m) => m.name < ENUM_MIGRATION)) {
    fs.cpSync(path.join(MIGRATIONS_DIR, m.name), path.join(beforeDir, m.name), { recursive: true });
  }
});

afterAll(async () => {
  await db?.close();
  fs.rmSync(beforeDir, { recursive: true, force: true });
});

it("turns biasRating and the category columns into enums, keeping every stored value", async () => {
  await migrate(db, beforeDir);
  await db.sql.exec(`
    INSERT INTO "Source" ("id", "name", "homepage", "color", "icon", "biasRating", "biasRatingSource", "region", "country", "updatedAt")
    VALUES ('left', 'Left', 'https://l.example', '#111', 'L', 'center-left', 'test', 'Europe', 'gb', now()),
           ('mid', 'Mid', 'https://m.example', '#222', 'M', 'center', 'test', 'Europe', 'gb', now()),
           ('right', 'Right', 'https://r.example', '#333', 'R', 'center-right', 'test', 'Europe', 'gb', now());
    INSERT INTO "Feed" ("id", "sourceId", "category", "url", "updatedAt")
    VALUES ('left:technology', 'left', 'technology', 'https://l.example/t', now()),
           ('left:general', 'left', 'general', 'https://l.example/g', now()),
           ('left:business', 'left', 'business', 'https://l.example/b', now());
    INSERT INTO "Article" ("id", "canonicalUrl", "url", "title", "summary", "content", "publishedAt", "sourceId", "feedId", "category",
      "countries", "contentHash", "titleHash", "updatedAt")
    VALUES ('a1', 'https://l.example/1', 'https://l.example/1', 'Bridges reopen', 'Traffic returns', 'C', now(), 'left', 'left:business', 'business', '{gb}', 'h', 't', now());
    INSERT INTO "ComparisonCard" ("id", "topic", "category", "country", "countries", "articleCount", "sourceCount", "confidence",
      "latestPublishedAt", "updatedAt")
    VALUES ('c1', 'Topic', 'sports', 'gb', '{gb}', 1, 1, 0.9, now(), now());
    INSERT INTO "IngestRun" ("id", "trigger", "status") VALUES ('r1', 'cli', 'succeeded');
    INSERT INTO "IngestOutcome" ("id", "runId", "sourceId", "feedId", "category", "status") VALUES ('o1', 'r1', 'left', 'left:general', 'health', 'ok');
  `);

  expect(await migrate(db)).toEqual(
    readMigrations()
      .filter((m) => m.name >= ENUM_MIGRATION)
      .map((m) => m.name),
  );

  const { prisma } = db;
  const sources = await prisma.source.findMany({ orderBy: { id: "asc" } });
  expect(sources.map((s) => [s.id, biasRatingOf(s.biasRating)])).toEqual([
    ["left", "center-left"],
    ["mid", "center"],
    ["right", "center-right"],
  ]);
  // Feeds (and the outlets' category lists) are sorted by category: the enum sorts alphabetically.
  expect((await prisma.feed.findMany({ orderBy: { category: "asc" } })).map((f) => f.category)).toEqual([
    "business",
    "general",
    "technology",
  ]);
  expect(await prisma.article.findUniqueOrThrow({ where: { id: "a1" } })).toMatchObject({
    category: "business",
    feedId: "left:business",
  });
  expect(await prisma.comparisonCard.findUniqueOrThrow({ where: { id: "c1" } })).toMatchObject({
    category: "sports",
  });
  expect(await prisma.ingestOutcome.findUniqueOrThrow({ where: { id: "o1" } })).toMatchObject({
    category: "health",
  });
  // The stored text is unchanged, and the column now refuses anything off the scale.
  expect(await db.sql.query(`SELECT "biasRating"::text AS r FROM "Source" ORDER BY "id"`)).toEqual([
    { r: "center-left" },
    { r: "center" },
    { r: "center-right" },
  ]);
  await expect(
    db.sql.exec(`UPDATE "Source" SET "biasRating" = 'far-left' WHERE "id" = 'mid'`),
  ).rejects.toThrow(/invalid input value for enum/);
  await expect(
    db.sql.exec(`UPDATE "Feed" SET "category" = 'weather' WHERE "id" = 'left:general'`),
  ).rejects.toThrow(/invalid input value for enum/);
  // The database generated the search words of the article stored before the column existed.
  expect(await db.sql.query(`SELECT "searchVector"::text AS v FROM "Article"`)).toEqual([
    { v: "'bridg':1 'reopen':2 'return':4 'traffic':3" },
  ]);
});
