/** Runs `npm run ingest` (scripts/ingest.ts) as a child process and collects its output and exit code. */
import { spawn } from "node:child_process";
import path from "node:path";

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** `env` is added to this process's settings; logs are silenced unless it sets LOG_LEVEL. */
export function ingestCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(ROOT, "node_modules", ".bin", "tsx"),
      ["--conditions=react-server", "scripts/ingest.ts", ...args],
      {
        cwd: ROOT,
        env: { ...process.env, LOG_LEVEL: "silent", ...env },
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
