import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquirePgliteLock, DatabaseLockedError, lockFileFor } from "@/lib/database/pglite-lock";
import { openDatabase } from "@/lib/database/open";

const dirs: string[] = [];
function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "news-lock-"));
  dirs.push(d);
  return path.join(d, "pglite");
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("PGlite folder lock", () => {
  it("refuses a second process with a clear error and leaves the data intact", async () => {
    const dir = tempDir();
    const db = openDatabase({ engine: "pglite", dir }, { purpose: "test holder" });
    await db.sql.exec("CREATE TABLE kept (v int); INSERT INTO kept VALUES (42);");

    // A real second process tries to open the same folder through the app's own code.
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", "--conditions=react-server", "tests/fixtures/open-database.ts", dir],
      { encoding: "utf8", cwd: process.cwd() },
    );
    expect(child.status).toBe(3);
    expect(child.stdout).toMatch(
      new RegExp(
        `DatabaseLockedError: The PGlite database at ${dir} is in use by another process \\(pid ${process.pid}, test holder`,
      ),
    );
    expect(child.stdout).toMatch(/set DATABASE_URL to a PostgreSQL server/);
    expect(await db.sql.query("SELECT v FROM kept")).toEqual([{ v: 42 }]);
    await db.close();
    expect(fs.existsSync(lockFileFor(dir))).toBe(false);
  }, 60_000);

  it("refuses a second open inside the same process too", () => {
    const dir = tempDir();
    const lock = acquirePgliteLock(dir, "first");
    expect(() => acquirePgliteLock(dir, "second")).toThrowError(DatabaseLockedError);
    lock.release();
    acquirePgliteLock(dir, "third").release();
  });

  it("takes over a stale lock left by a process that no longer exists", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    const stale = {
      pid: Number(dead.stdout.trim()),
      host: os.hostname(),
      processStart: "1",
      purpose: "killed",
      since: "2026-01-01T00:00:00Z",
    };
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(lockFileFor(dir), JSON.stringify(stale));
    const lock = acquirePgliteLock(dir, "restarted");
    expect(lock.recoveredStale).toBe(true);
    expect(JSON.parse(fs.readFileSync(lockFileFor(dir), "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  it("treats a lock whose pid was recycled by another process as stale", () => {
    const dir = tempDir();
    // Our own pid, but a different kernel start time: the holder is gone and the pid reused.
    const recycled = {
      pid: process.pid,
      host: os.hostname(),
      processStart: "999999999",
      purpose: "old",
      since: "2026-01-01T00:00:00Z",
    };
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(lockFileFor(dir), JSON.stringify(recycled));
    const lock = acquirePgliteLock(dir, "new");
    expect(lock.recoveredStale).toBe(true);
    lock.release();
  });
});

describe("PGlite persistence", () => {
  it("keeps data across close and reopen", async () => {
    const dir = tempDir();
    const first = openDatabase({ engine: "pglite", dir }, { purpose: "write" });
    await first.sql.exec("CREATE TABLE notes (t text); INSERT INTO notes VALUES ('still here');");
    await first.close();
    const second = openDatabase({ engine: "pglite", dir }, { purpose: "read" });
    expect(await second.sql.query("SELECT t FROM notes")).toEqual([{ t: "still here" }]);
    await second.close();
  }, 60_000);
});
