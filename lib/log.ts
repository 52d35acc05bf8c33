import "server-only";
import pino from "pino";
import { env } from "@/lib/env";

/** Structured JSON logs on stdout; one line per event, with a request id where there is one. */
export const logger = pino({
  level: env.LOG_LEVEL,
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: { paths: ["password", "token", "*.password", "*.token", "authorization"], censor: "[redacted]" },
});
