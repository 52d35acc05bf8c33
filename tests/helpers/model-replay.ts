/**
 * Replay: a real OpenAI-compatible HTTP server on 127.0.0.1 (ephemeral port) that answers the
 * product's chat-completion requests from recorded files, keyed by the request, and records every
 * request it receives. Tests and the evals (`--provider=replay`) point the product's real
 * OpenAI-compatible path at it, so a model's recorded answers are measured through the same code a
 * deployment runs (the recordings and who wrote them: each folder's README.md under tests/fixtures/model-replay/).
 *
 * A recording is `<dir>/<key>.json`: `{ key, request, answer, writtenBy, writtenAt }`, where the
 * key is a hash of what the model reads (the messages and the answer format; not the model name,
 * temperature or other transport settings) and `answer` is the message the model wrote. A request
 * with no recording answers 422 and is saved in `<dir>/pending/` as `<key>.request.json` and, for
 * whoever writes the answer, `<key>.prompt.md` (the messages as text): a change of prompt shows up
 * as pending requests that need a new recording (`npm run replay:adopt` files the answers written
 * for them). Token counts in `usage` are estimates (4 characters a token), which the README says.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export interface ReplayRecording {
  key: string;
  /** What the model read: the request's messages and answer format. */
  request: ReplayedRequest;
  /** The message the model wrote (a JSON answer may be stored as the object it is). */
  answer: string | Record<string, unknown>;
  /** Who wrote the answer (a capable language model, seeing only the prompt), as the README says. */
  writtenBy: string;
  /** ISO date the answer was written. */
  writtenAt: string;
}

/** The part of a chat-completion request a recording is keyed by. */
export interface ReplayedRequest {
  messages: { role: string; content: unknown }[];
  response_format?: unknown;
}

export interface ReplayLogEntry {
  key: string;
  /** A recording answered it. */
  answered: boolean;
  body: Record<string, unknown>;
}

export interface ModelReplay {
  /** Base URL for the SDK, ending in /v1. */
  url: string;
  /** The model name the server reports in its answers. */
  model: string;
  /** Every request received so far, in order. */
  log: ReplayLogEntry[];
  /** Keys of the requests that had no recording (each saved under `<dir>/pending/`). */
  missing(): string[];
  close(): Promise<void>;
}

export interface ModelReplayOptions {
  /** Folder of recordings. */
  dir: string;
  /** The model name reported in answers (default "replay"). */
  model?: string;
  /** Delay before each answer, to stand for a model's latency (default 0). */
  latencyMs?: number;
}

/** Stable JSON: object keys sorted, so a recording's key does not depend on key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** What a recording is keyed by: the messages and the answer format the model is asked for. */
export function replayedRequest(body: Record<string, unknown>): ReplayedRequest {
  return {
    messages: (body.messages as ReplayedRequest["messages"]) ?? [],
    response_format: body.response_format,
  };
}

/** A request's recording key: 20 hex digits of the SHA-256 of its canonical JSON. */
export function replayKey(request: ReplayedRequest): string {
  return createHash("sha256").update(canonical(request)).digest("hex").slice(0, 20);
}

/** The messages as plain text, for whoever writes the answer to a pending request. */
export function promptText(request: ReplayedRequest): string {
  const parts = request.messages.map(
    (m) => `## ${m.role}\n\n${typeof m.content === "string" ? m.content : JSON.stringify(m.content)}`,
  );
  if (request.response_format)
    parts.push(`## answer format\n\n${JSON.stringify(request.response_format, null, 1)}`);
  return `${parts.join("\n\n")}\n`;
}

/** Reads every recording of a folder, by key. */
export function readRecordings(dir: string): Map<string, ReplayRecording> {
  const byKey = new Map<string, ReplayRecording>();
  if (!fs.existsSync(dir)) return byKey;
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith(".json")) continue;
    const recording = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as ReplayRecording;
    byKey.set(recording.key, recording);
  }
  return byKey;
}

const tokensOf = (text: string) => Math.ceil(text.length / 4);

function completion(content: string, model: string, n: number, promptChars: number) {
  const prompt = Math.ceil(promptChars / 4);
  const answer = tokensOf(content);
  return {
    id: `chatcmpl-replay-${n}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, refusal: null },
        finish_reason: "stop",
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: prompt, completion_tokens: answer, total_tokens: prompt + answer },
  };
}

/** Saves a request that has no recording, for a recorder to answer. */
function savePending(dir: string, key: string, request: ReplayedRequest): void {
  const pending = path.join(dir, "pending");
  fs.mkdirSync(pending, { recursive: true });
  fs.writeFileSync(
    path.join(pending, `${key}.request.json`),
    `${JSON.stringify({ key, request }, null, 1)}\n`,
  );
  fs.writeFileSync(path.join(pending, `${key}.prompt.md`), promptText(request));
}

/** Starts a replay server over the recordings in `options.dir`. */
export async function startModelReplay(options: ModelReplayOptions): Promise<ModelReplay> {
  const recordings = readRecordings(options.dir);
  const model = options.model ?? "replay";
  const log: ReplayLogEntry[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (!options.latencyMs) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, options.latencyMs);
    timers.add(timer);
  };

  const server = http.createServer((req, res) => {
    res.on("error", () => undefined);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = JSON.parse(raw) as Record<string, unknown>;
      const request = replayedRequest(body);
      const key = replayKey(request);
      const recording = recordings.get(key);
      log.push({ key, answered: Boolean(recording), body });
      if (!recording) {
        savePending(options.dir, key, request);
        answer(res, 422, {
          error: { message: `no recording for request ${key}`, type: "replay_missing", code: null },
        });
        return;
      }
      const content =
        typeof recording.answer === "string" ? recording.answer : JSON.stringify(recording.answer);
      answer(res, 200, completion(content, model, log.length, raw.length));
    });
  });
  // Keep idle connections open longer than the SDK's pauses between calls (an eval clusters a day
  // between them): a socket the server closed as the client reused it fails the call.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    model,
    log,
    missing: () => [...new Set(log.filter((e) => !e.answered).map((e) => e.key))],
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
