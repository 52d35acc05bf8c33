import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { databaseTarget, getDatabase } from "@/lib/db";
import { DEV_FEEDS_DIR } from "@/tests/helpers/feed-server";

/** Runs `npm run ingest` as a child process and collects its output. */
function ingestCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.join("node_modules", ".bin", "tsx"), ["--conditions=react-server", "scripts/ingest.ts", ...args], {
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const target = databaseTarget();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "news-cli-"));
// On PGlite the child needs its own folder (this test process holds the test database's);
// on PostgreSQL it shares the test database, as a second process would.
const childDb: Record<string, string> = target.engine === "pglite" ? { DATABASE_URL: `pglite:${path.join(scratch, "pglite")}`, DATA_DIR: scratch } : {};

afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("npm run ingest", () => {
  it("ingests saved files with --from-dir and prints one JSON summary with --json", async () => {
    const { code, stdout } = await ingestCli(["--from-dir", DEV_FEEDS_DIR, "--source", "bbc-news,reuters", "--json"], childDb);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.ingest.trigger).toBe("cli");
    expect(result.ingest.status).toBe("succeeded");
    expect(result.ingest.outcomes.map((o: { key: string }) => o.key)).toEqual([
      "bbc-frontpage-excerpt-2018-03-25.xml", "bbc-home-2011-04-04.xml", "bbc-home-2018-06-23.xml", "bbc-home-2020-05-31.xml", "reuters-topnews-2018-06-23.xml",
    ]);
    expect(result.ingest.totals.new).toBeGreaterThan(150);
    expect(result.ingest.skippedFiles.length).toBeGreaterThan(10);
  }, 120_000);

  it("prints a line per feed and a summary table when not on a terminal; a second run adds nothing", async () => {
    const { code, stdout } = await ingestCli(["--from-dir", DEV_FEEDS_DIR, "--source", "wall-street-journal", "--now", "2020-05-31T07:00:00Z"], childDb);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Ingesting 1 feeds of 1 sources/m);
    expect(stdout).toMatch(/^wsj-world-2020-05-31\.xml\s+6 items: \d+ new, 0 updated, \d+ unchanged/m);
    expect(stdout).toMatch(/^source\s+feeds\s+new\s+updated\s+unchanged\s+failed\s+time$/m);
    expect(stdout).toMatch(/^Wall Street Journal\s+1\s+\d+\s+0\s+\d+\s+0\s+\d+\.\d s$/m);
    const again = await ingestCli(["--from-dir", DEV_FEEDS_DIR, "--source", "wall-street-journal", "--now", "2020-05-31T07:00:00Z", "--json"], childDb);
    expect(JSON.parse(again.stdout).ingest.totals).toMatchObject({ new: 0, updated: 0, unchanged: 6 });
  }, 120_000);

  it("refuses bad options with a clear message", async () => {
    const { code, stderr } = await ingestCli(["--category", "weather"], childDb);
    expect(code).toBe(1);
    expect(stderr).toMatch(/Unknown category "weather"/);
    const unknown = await ingestCli(["--source", "nope", "--from-dir", DEV_FEEDS_DIR], childDb);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown source "nope"/);
  }, 120_000);

  it.runIf(target.engine === "pglite")("refuses, with a clear message, to open an embedded database a running process holds", async () => {
    getDatabase(); // this test process holds the folder, as a running server would
    const { code, stdout, stderr } = await ingestCli([], {});
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/held by a running server/);
    expect(stderr).toMatch(/in use by another process/);
  }, 120_000);
});
