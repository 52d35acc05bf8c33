/**
 * A real OpenAI-compatible HTTP server on 127.0.0.1 (ephemeral port) for the analysis tests:
 * POST /v1/chat/completions answers from a script of replies, in order, and records every
 * request. The SDK talks to it over real HTTP, retries, timeouts and all.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type StubReply =
  /** A completion whose message is this value as JSON. */
  | { json: unknown; model?: string }
  /** A completion whose message is this text as it stands (e.g. malformed JSON). */
  | { content: string; model?: string }
  /** A completion in which the model declines (the API's refusal field, no content). */
  | { refusal: string; model?: string }
  /** A completion whose message streams this many bytes of filler, in chunks and with no length given. */
  | { hugeBytes: number }
  /** An HTTP error with an OpenAI-style error body. */
  | { status: number; headers?: Record<string, string>; message?: string }
  /** Another reply, sent after a delay. */
  | { delayMs: number; then: StubReply };

export interface OpenAIStub {
  /** Base URL for the SDK, ending in /v1. */
  url: string;
  /** Requests received so far, parsed. */
  requests: Record<string, unknown>[];
  /** Bytes of filler each `hugeBytes` reply sent before it finished or the client went away. */
  streamed: number[];
  /** Replaces the script and forgets earlier requests. */
  script(replies: StubReply[]): void;
  close(): Promise<void>;
}

export const STUB_MODEL = "stub-model-7b";

function completion(content: string | null, model: string, n: number, refusal: string | null = null) {
  return {
    id: `chatcmpl-stub-${n}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, refusal },
        finish_reason: "stop",
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

const FILLER = Buffer.alloc(64 * 1024, "x");

/**
 * A completion of `bytes` bytes of filler, written chunk by chunk as the client reads (no whole
 * body in memory); `done` gets the bytes sent once it ends or the client goes away.
 */
function sendHuge(res: http.ServerResponse, bytes: number, n: number, done: (sent: number) => void): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.write(`{"id":"chatcmpl-stub-${n}","object":"chat.completion","created":0,"model":"${STUB_MODEL}",`);
  res.write(`"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"`);
  let sent = 0;
  res.once("close", () => done(sent));
  const pump = () => {
    while (sent < bytes && !res.destroyed) {
      sent += FILLER.length;
      if (!res.write(FILLER)) return void res.once("drain", pump);
    }
    if (!res.destroyed) res.end('"}}]}');
  };
  pump();
}

export async function startOpenAIStub(): Promise<OpenAIStub> {
  let replies: StubReply[] = [];
  const requests: Record<string, unknown>[] = [];
  const streamed: number[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const send = (res: http.ServerResponse, reply: StubReply, n: number) => {
    if (res.destroyed) return;
    if ("delayMs" in reply) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(res, reply.then, n);
      }, reply.delayMs);
      timers.add(timer);
      return;
    }
    if ("status" in reply) {
      res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
      res.end(
        JSON.stringify({
          error: { message: reply.message ?? `stub error ${reply.status}`, type: "stub_error", code: null },
        }),
      );
      return;
    }
    if ("hugeBytes" in reply) return sendHuge(res, reply.hugeBytes, n, (sent) => streamed.push(sent));
    res.writeHead(200, { "content-type": "application/json" });
    if ("refusal" in reply) {
      res.end(JSON.stringify(completion(null, reply.model ?? STUB_MODEL, n, reply.refusal)));
      return;
    }
    const content = "json" in reply ? JSON.stringify(reply.json) : reply.content;
    res.end(JSON.stringify(completion(content, reply.model ?? STUB_MODEL, n)));
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
      requests.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>);
      const reply = replies.shift() ?? { status: 500, message: "no scripted reply left" };
      send(res, reply, requests.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    streamed,
    script(next) {
      replies = [...next];
      requests.length = 0;
      streamed.length = 0;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
