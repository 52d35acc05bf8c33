/**
 * `tsx scripts/bench/load-news.ts COUNT`: migrates and seeds the configured database, loads COUNT
 * synthetic articles (scripts/bench/synthetic-news.ts) spread over the last 48 hours and over the
 * 19 known outlets, then builds the comparison cards. Used by the API and soak benchmarks.
 */
import crypto from "node:crypto";
import { closeDatabase, getDatabase } from "@/lib/db";
import { prepareDatabase } from "@/lib/services/prepare-database";
import { rebuildCards } from "@/lib/services/rebuild-cards";
import { KNOWN_SOURCES, isAvailable } from "@/lib/sources/registry";
import { runScript } from "../script-runner";
import { generateSyntheticNews } from "./synthetic-news";

runScript(async () => {
  const count = Number(process.argv[2] ?? 5000);
  const db = getDatabase();
  await prepareDatabase(db);
  const outlets = KNOWN_SOURCES.filter(isAvailable).map((s) => s.id);
  const { articles } = generateSyntheticNews(count);
  const newest = Math.max(...articles.map((a) => a.publishedAt.getTime()));
  const oldest = Math.min(...articles.map((a) => a.publishedAt.getTime()));
  const now = Date.now();
  const rows = articles.map((a) => {
    const url = `https://bench.test/${a.id}`;
    // Squeeze the synthetic 72 hours into the last 48, so every article is inside the window.
    const at =
      now - 3_600_000 - ((newest - a.publishedAt.getTime()) / Math.max(1, newest - oldest)) * 47 * 3_600_000;
    const source =
      outlets[
        Number.parseInt(crypto.createHash("sha1").update(a.sourceId).digest("hex").slice(0, 8), 16) %
          outlets.length
      ];
    return {
      canonicalUrl: url,
      url,
      title: a.title,
      summary: a.summary,
      content: `${a.summary} ${a.title}`,
      publishedAt: new Date(at),
      sourceId: source,
      category: a.category ?? "general",
      countries: a.countries ?? ["us"],
      contentHash: crypto.createHash("sha256").update(url).digest("hex"),
      titleHash: crypto.createHash("sha256").update(a.title).digest("hex"),
    };
  });
  for (let i = 0; i < rows.length; i += 1000)
    await db.prisma.article.createMany({ data: rows.slice(i, i + 1000), skipDuplicates: true });
  const cards = await rebuildCards();
  console.log(`Loaded ${rows.length} articles; ${cards.cards} comparison cards in ${cards.ms} ms.`);
  await closeDatabase();
});
