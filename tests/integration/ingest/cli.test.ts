import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { databaseTarget, getDatabase } from "@/lib/db";
import { FIXTURE_FEEDS_DIR } from "@/tests/helpers/feed-fixtures";
import { ingestCli } from "@/tests/helpers/ingest-cli";

const target = databaseTarget();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "news-cli-"));
// On PGlite the child needs its own folder (this test process holds the test database's);
// on PostgreSQL it shares the test database, as a second process would.
const childDb: Record<string, string> =
  target.engine === "pglite"
    ? { DATABASE_URL: `pglite:${path.join(scratch, "pglite")}`, DATA_DIR: scratch }
    : {};

afterAll(() => {
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe("npm run ingest", () => {
  it("ingests saved files with --from-dir; with --json prints exactly one JSON summary on stdout, its logs on stderr", async () => {
    // Logs on (LOG_LEVEL=info): the run's log line must not reach stdout, or `| jq` breaks.
    const { code, stdout, stderr } = await ingestCli(
      ["--from-dir", FIXTURE_FEEDS_DIR, "--source", "bbc-news,reuters", "--json"],
      { ...childDb, LOG_LEVEL: "info" },
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(stdout.trimEnd()).toBe(JSON.stringify(result, null, 2));
    expect(result.ingest.trigger).toBe("cli");
    expect(result.ingest.status).toBe("succeeded");
    expect(result.ingest.outcomes.map((o: { key: string }) => o.key)).toEqual([
      "bbc-home-2011-03-08.xml",
      "bbc-home-2019-10-12.xml",
      "reuters-topnews-2019-10-12.xml",
    ]);
    expect(result.ingest.totals).toMatchObject({ items: 15, new: 13, failed: 0 });
    expect(result.ingest.skippedFiles).toHaveLength(7); // other-, oddcase- and malformed- files
    const logs = stderr
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { msg: string });
    expect(logs.map((l) => l.msg)).toContain("ingest run finished");
  }, 120_000);

  it("prints a line per feed and a summary table when not on a terminal; a second run adds nothing", async () => {
    const { code, stdout } = await ingestCli(
      ["--from-dir", FIXTURE_FEEDS_DIR, "--source", "wall-street-journal", "--now", "2019-10-12T07:00:00Z"],
      childDb,
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Ingesting 1 feeds of 1 sources/m);
    expect(stdout).toMatch(/^wsj-world-2019-10-12\.xml\s+3 items: \d+ new, 0 updated, \d+ unchanged/m);
    expect(stdout).toMatch(/^source\s+feeds\s+new\s+updated\s+unchanged\s+failed\s+time$/m);
    expect(stdout).toMatch(/^Wall Street Journal\s+1\s+\d+\s+0\s+\d+\s+0\s+\d+\.\d s$/m);
    const again = await ingestCli(
      [
        "--from-dir",
        FIXTURE_FEEDS_DIR,
        "--source",
        "wall-street-journal",
        "--now",
        "2019-10-12T07:00:00Z",
        "--json",
      ],
      childDb,
    );
    expect(JSON.parse(again.stdout).ingest.totals).toMatchObject({ new: 0, updated: 0, unchanged: 3 });
  }, 120_000);

  it("refuses bad options with a clear message", async () => {
    // Side by side: the first stops at its options, before it opens the database the second uses.
    const [{ code, stderr }, unknown] = await Promise.all([
      ingestCli(["--category", "weather"], childDb),
      ingestCli(["--source", "nope", "--from-dir", FIXTURE_FEEDS_DIR], childDb),
    ]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/Unknown category "weather"/);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown source "nope"/);
  }, 120_000);

  it.runIf(target.engine === "pglite")(
    "refuses, with a clear message, to open an embedded database a running process holds",
    async () => {
      getDatabase(); // this test process holds the folder, as a running server would
      const { code, stdout, stderr } = await ingestCli([], {});
      expect(code).toBe(1);
      expect(stdout).toBe("");
      expect(stderr).toMatch(/held by a running server/);
      expect(stderr).toMatch(/in use by another process/);
    },
    120_000,
  );
});
