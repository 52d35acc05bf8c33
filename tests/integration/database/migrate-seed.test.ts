import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDatabase, getPrisma } from "@/lib/db";
import { migrate, migrationStatus, readMigrations } from "@/lib/database/migrate";
import { hashPassword } from "@/lib/auth/password";
import { accountStillValid, signAccessToken, verifyAccessToken } from "@/lib/auth/tokens";
import { seedDatabase } from "@/lib/services/seed-database";
import { KNOWN_SOURCES, biasRatingOf } from "@/lib/sources/registry";

describe("migrations", () => {
  it("are recorded in _prisma_migrations as Prisma records them, and a second run applies nothing", async () => {
    const db = getDatabase();
    const files = readMigrations();
    const rows = await db.sql.query<{
      migration_name: string;
      checksum: string;
      applied_steps_count: number;
      finished_at: Date;
    }>(
      `SELECT migration_name, checksum, applied_steps_count, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
    for (const [i, row] of rows.entries()) {
      expect(row.checksum).toBe(crypto.createHash("sha256").update(files[i].sql).digest("hex"));
      expect(row.applied_steps_count).toBe(1);
      expect(row.finished_at).toBeInstanceOf(Date);
    }
    expect(await migrate(db)).toEqual([]);
    expect(await migrationStatus(db)).toMatchObject({
      pending: [],
      modified: [],
      applied: files.map((f) => f.name),
    });
  });
});

describe("seed", () => {
  it("loads the 19 known outlets of docs/product.md §3 with their fields", async () => {
    const sources = await getPrisma().source.findMany({ orderBy: { name: "asc" } });
    expect(sources.map((s) => s.name).sort()).toEqual(
      [
        "ABC Australia",
        "ABC News",
        "Al Jazeera",
        "Associated Press",
        "BBC News",
        "CBC News",
        "CNN",
        "Deutsche Welle",
        "Euronews",
        "Financial Times",
        "Fox News",
        "France 24",
        "Reuters",
        "South China Morning Post",
        "The Economist",
        "The Guardian",
        "Times of Israel",
        "Wall Street Journal",
        "NPR",
      ].sort(),
    );
    const bbc = sources.find((s) => s.id === "bbc-news")!;
    expect(bbc).toMatchObject({
      url: "https://feeds.bbci.co.uk/news/rss.xml",
      color: "#BB1919",
      biasRating: "center",
      region: "Europe",
      country: "gb",
      available: true,
    });
    const reuters = sources.find((s) => s.id === "reuters")!;
    expect(reuters).toMatchObject({
      available: false,
      url: null,
      unavailableReason: expect.stringMatching(/since 2020/),
    });
    for (const s of sources)
      expect(["center-left", "center", "center-right"]).toContain(biasRatingOf(s.biasRating));
    expect(new Set(sources.map((s) => s.region))).toEqual(
      new Set(["North America", "Europe", "Global", "Asia", "Oceania", "Middle East"]),
    );
  });

  it("is idempotent, keeps each feed's fetch state and leaves one operator when it was renamed", async () => {
    const prisma = getPrisma();
    const feedCount = Object.values(KNOWN_SOURCES).reduce((n, s) => n + Object.keys(s.feeds).length, 0);
    await prisma.feed.update({ where: { id: "bbc-news:general" }, data: { etag: '"v1"', errorCount: 2 } });
    const before = await prisma.user.findMany({ orderBy: { username: "asc" } });
    // Issue 23: the operator an earlier start seeded under another OPERATOR_USERNAME, with a token.
    const old = { username: "old-operator", role: "operator" } as const;
    await prisma.user.create({ data: { ...old, passwordHash: await hashPassword("old-operator-password") } });
    const verified = await verifyAccessToken((await signAccessToken(old)).token);
    if (!verified.ok) throw new Error("the old operator's token did not verify");
    expect(await accountStillValid(old, verified.stamp)).toBe(true);
    await seedDatabase(prisma);
    await seedDatabase(prisma);
    expect(await prisma.source.count()).toBe(19);
    expect(await prisma.feed.count()).toBe(feedCount);
    expect(await prisma.feed.findUnique({ where: { id: "bbc-news:general" } })).toMatchObject({
      etag: '"v1"',
      errorCount: 2,
    });
    const after = await prisma.user.findMany({ orderBy: { username: "asc" } });
    expect(after.map((u) => [u.username, u.role])).toEqual([
      ["operator", "operator"],
      ["reader", "reader"],
    ]);
    // Unchanged passwords are not re-hashed.
    expect(after.map((u) => u.passwordHash)).toEqual(before.map((u) => u.passwordHash));
    // The old operator's account is gone, so its password logs in no more and its token is refused.
    expect(await accountStillValid(old, verified.stamp)).toBe(false);
  });
});
