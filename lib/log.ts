import "server-only";
import pino from "pino";
import { env } from "@/lib/env";

/**
 * Structured JSON logs, one line per event, with a request id where there is one. The server
 * logs on stdout; a command-line tool whose stdout is its output (`npm run ingest -- --json`)
 * sends them to stderr with logToStderr().
 */

// Synchronous writes, as pino's default: a line logged just before process.exit is not lost.
let destination = pino.destination({ dest: 1, sync: true });

export const logger = pino(
  {
    level: env.LOG_LEVEL,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ["password", "token", "*.password", "*.token", "authorization"], censor: "[redacted]" },
  },
  // Looked up on every line, so a tool may switch before or after the first log.
  { write: (line: string) => destination.write(line) },
);

/** Sends every later log line to stderr, keeping stdout for a command's own output. */
export function logToStderr(): void {
  destination = pino.destination({ dest: 2, sync: true });
}
