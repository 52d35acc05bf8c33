/**
 * Shared plumbing of the benchmarks that drive the built server: a production build when
 * the sources changed, free ports, starting `next start` as a child (its own process group),
 * its memory, and percentiles.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`The server did not answer ${url} within ${timeoutMs / 1000} s.`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function newest(dir: string): number {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      latest = Math.max(latest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** Runs `npm run build` when there is no build or app/, lib/ or components/ changed after it. */
export function buildIfStale(): void {
  const id = path.join(".next", "BUILD_ID");
  const stale =
    !fs.existsSync(id) ||
    ["app", "lib", "components"].some((d) => fs.existsSync(d) && newest(d) > fs.statSync(id).mtimeMs);
  if (!stale) return;
  console.log("No build, or sources newer than it: running npm run build …");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build failed.");
}

/**
 * The settings of a benchmark's server: a PGlite folder in `dir`, no scheduler, no demo
 * snapshot, no AI provider (no network), warnings only; `extra` adds or overrides.
 */
export function benchServerEnv(dir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: `pglite:${path.join(dir, "pglite")}`,
    DATA_DIR: dir,
    LOG_LEVEL: "warn",
    SCHEDULER_ENABLED: "false",
    DEMO_SNAPSHOT: "off",
    OPENAI_API_KEY: "",
    OPENAI_BASE_URL: "",
    ...extra,
  };
}

/** Runs a tsx script in a child process with these settings (lib/env parses once per process). */
export function runTsx(script: string, args: string[], env: Record<string, string>): void {
  Object.assign(process.env, env);
  const result = spawnSync(
    path.join("node_modules", ".bin", "tsx"),
    ["--conditions=react-server", script, ...args],
    { stdio: "inherit" },
  );
  if (result.status !== 0) throw new Error(`${script} failed (exit ${result.status}).`);
}

export interface LogLine {
  level?: number;
  msg?: string;
  path?: string;
  ms?: number;
  status?: number;
}

export interface RunningServer {
  base: string;
  pid: number;
  /** Resident memory of the server process, in MiB. */
  rssMb(): number;
  /**
   * CPU time (user + system) the server's processes (its process group) have used so far, in ms,
   * at the kernel's tick (10 ms): the difference over many requests is the CPU each one costs,
   * which other load on the machine disturbs far less than wall-clock time.
   */
  cpuMs(): number;
  onLog(listener: (line: LogLine) => void): void;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU time of every live process in process group `pgid`, in ms (Linux /proc). */
function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // Fields after the command name (which may hold spaces) in parentheses: state is field 3.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue; // field 5, pgrp
    ticks += Number(fields[11]) + Number(fields[12]); // fields 14 and 15, utime and stime
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * Starts the built app with these settings on a free port and waits until it answers; `nodeArgs`
 * go to the server's node (e.g. `--cpu-prof`).
 */
export async function startServer(
  env: Record<string, string>,
  { nodeArgs = [] }: { nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const port = await freePort();
  Object.assign(process.env, { NEXT_TELEMETRY_DISABLED: "1", ...env });
  // Node itself runs Next's command, so flags such as --cpu-prof reach the server's process.
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      path.join("node_modules", "next", "dist", "bin", "next"),
      "start",
      "-H",
      "127.0.0.1",
      "-p",
      String(port),
    ],
    {
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    },
  );
  const listeners: ((line: LogLine) => void)[] = [];
  readline.createInterface({ input: child.stdout! }).on("line", (text) => {
    if (!text.startsWith("{")) return;
    const line = JSON.parse(text) as LogLine;
    for (const l of listeners) l(line);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const kill = (signal: NodeJS.Signals) => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, signal);
  };
  process.on("exit", () => kill("SIGKILL"));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/v1/health?probe=live`, 120_000);
  return {
    base,
    pid: child.pid!,
    rssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    cpuMs: () => groupCpuMs(child.pid!),
    onLog: (l) => listeners.push(l),
    async stop(signal = "SIGTERM") {
      kill(signal);
      return exited;
    },
  };
}

/** Runs fn with the URL of a new, empty database on the PostgreSQL server at `adminUrl`, and drops it afterwards. */
export async function withScratchPostgres<T>(
  adminUrl: string,
  name: string,
  fn: (url: string) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    try {
      return await fn(Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
