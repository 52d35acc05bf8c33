/**
 * The whole ingest pipeline on every saved real feed of the data folder (feeds/dev): the
 * command line with --from-dir into a scratch PGlite folder, then the stored rows read back.
 * npm test runs the same path on the team's feed fixtures (tests/integration/ingest/).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "@/lib/database/open";
import { ingestCli } from "../helpers/ingest-cli";
import { rawItemDates } from "../helpers/feed-fixtures";
import { sharedDataPath } from "../helpers/shared-data";

const DEV = sharedDataPath("feeds", "dev");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "news-data-ingest-"));
const childDb = { DATABASE_URL: `pglite:${path.join(scratch, "pglite")}`, DATA_DIR: scratch };

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

it("ingests every dev file of the 19 outlets, each measured from its newest item, skips the others, and a re-run adds nothing", async () => {
  const first = await ingestCli(["--from-dir", DEV, "--json"], childDb);
  expect(first.code, first.stderr).toBe(0);
  const summary = JSON.parse(first.stdout).ingest as {
    outcomes: { key: string; status: string; items: number; newCount: number; tooOld: number; windowEnd: string }[];
    skippedFiles: { file: string }[];
    totals: { new: number; unchanged: number };
  };
  const keys = summary.outcomes.map((o) => o.key);
  expect(keys).toContain("reuters-topnews-2018-06-23.xml");
  expect(keys.every((k) => /^(bbc|cnn|fox|guardian|reuters|wsj|aljazeera)-/.test(k))).toBe(true);
  expect(summary.skippedFiles.map((f) => f.file)).toEqual(fs.readdirSync(DEV).filter((f) => /^(other|oddcase|malformed)-.*\.xml$/.test(f)).sort());
  expect(summary.outcomes.filter((o) => o.status !== "ok")).toEqual([]);
  for (const o of summary.outcomes) expect(o.newCount + o.tooOld, o.key).toBeLessThanOrEqual(o.items);

  // The window of each file ends at its newest item, so a saved file is ingested as if fresh.
  const wsj = summary.outcomes.find((o) => o.key === "wsj-world-2020-05-31.xml")!;
  const newest = Math.max(...rawItemDates(fs.readFileSync(path.join(DEV, "wsj-world-2020-05-31.xml"), "utf8")).map((d) => d.getTime()));
  expect(new Date(wsj.windowEnd).getTime()).toBe(newest);
  expect(wsj.newCount).toBe(6);

  const again = await ingestCli(["--from-dir", DEV, "--json"], childDb);
  expect(JSON.parse(again.stdout).ingest.totals).toMatchObject({ new: 0, updated: 0 });

  const db = openDatabase({ engine: "pglite", dir: path.join(scratch, "pglite") }, { purpose: "data test inspection" });
  try {
    expect(await db.prisma.article.count()).toBe(summary.totals.new);
    const reuters = await db.prisma.article.findMany({ where: { sourceId: "reuters" } });
    expect(reuters).toHaveLength(10);
    expect(reuters.every((a) => a.feedId === null && a.canonicalUrl.startsWith("http://www.reuters.com/article/"))).toBe(true);
    // Real text stored as plain text: no markup, entities or event handlers.
    const rows = await db.prisma.article.findMany({ select: { title: true, summary: true, content: true } });
    for (const r of rows) for (const text of [r.title, r.summary, r.content]) expect(text).not.toMatch(/<\s*\/?\s*[a-z][^>]*>|&lt;|&#\d+;|onerror\s*=/i);
  } finally {
    await db.close();
  }
}, 180_000);
