/**
 * PGlite is a single-process database: two processes writing one data folder corrupt it.
 * Every process that opens the folder first takes this lock file; a second process gets a
 * DatabaseLockedError naming the holder. A lock left by a process that no longer exists
 * (killed with SIGKILL, machine rebooted) is recognised as stale and taken over.
 */

import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The lock sits beside the folder: PGlite refuses to initialise a folder that is not empty. */
export const lockFileFor = (dir: string) => `${dir.replace(/[\\/]+$/, "")}.lock`;

interface LockInfo {
  pid: number;
  host: string;
  /** Kernel start time of the process, so a recycled pid is not mistaken for the holder. */
  processStart: string | null;
  purpose: string;
  since: string;
}

export class DatabaseLockedError extends Error {
  readonly code = "database_locked";
  constructor(
    readonly dir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The PGlite database at ${dir} is in use by another process ` +
        `(pid ${holder.pid}, ${holder.purpose}, since ${holder.since}). ` +
        `PGlite allows one process per data folder: stop that process first ` +
        `(or, to run several processes, set DATABASE_URL to a PostgreSQL server).`,
    );
    this.name = "DatabaseLockedError";
  }
}

function processStartTime(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat is the start time in clock ticks since boot.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(info: LockInfo): boolean {
  if (info.host !== os.hostname()) return true; // another machine: cannot tell, assume held
  try {
    process.kill(info.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const start = processStartTime(info.pid);
  return !(info.processStart && start && start !== info.processStart);
}

function readLock(file: string): LockInfo | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as LockInfo;
  } catch {
    return null; // unreadable or half-written: treat as stale
  }
}

export interface PgliteLock {
  readonly file: string;
  /** True when this lock replaced one left behind by a dead process. */
  readonly recoveredStale: boolean;
  release(): void;
}

/** Takes the folder's lock or throws DatabaseLockedError. Released on release() or process exit. */
export function acquirePgliteLock(dir: string, purpose: string): PgliteLock {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const file = lockFileFor(dir);
  const mine: LockInfo = {
    pid: process.pid,
    host: os.hostname(),
    processStart: processStartTime(process.pid),
    purpose,
    since: new Date().toISOString(),
  };
  let recoveredStale = false;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        const current = readLock(file);
        if (current?.pid === mine.pid && current.since === mine.since) fs.rmSync(file, { force: true });
      };
      process.on("exit", release);
      return { file, recoveredStale, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readLock(file);
      if (holder && isAlive(holder)) {
        if (holder.pid === process.pid && holder.host === mine.host) {
          throw new DatabaseLockedError(dir, { ...holder, purpose: `${holder.purpose}, this same process` });
        }
        throw new DatabaseLockedError(dir, holder);
      }
      fs.rmSync(file, { force: true });
      recoveredStale = true;
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
