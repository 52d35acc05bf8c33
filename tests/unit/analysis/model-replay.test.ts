import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import OpenAI from "openai";
import { afterEach, describe, expect, it } from "vitest";
import {
  replayedRequest,
  replayKey,
  startModelReplay,
  type ModelReplay,
  type ReplayRecording,
} from "@/tests/helpers/model-replay";

const folders: string[] = [];
const servers: ModelReplay[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  for (const f of folders.splice(0)) fs.rmSync(f, { recursive: true, force: true });
});

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "replay-"));
  folders.push(dir);
  return dir;
}

const messages = [
  { role: "system" as const, content: "Answer in JSON." },
  { role: "user" as const, content: "Do these two headlines report one event?" },
];

function record(dir: string, answer: Record<string, unknown>): string {
  const request = replayedRequest({ messages });
  const key = replayKey(request);
  const recording: ReplayRecording = { key, request, answer, writtenBy: "a test", writtenAt: "2026-11-28" };
  fs.writeFileSync(path.join(dir, `${key}.json`), JSON.stringify(recording));
  return key;
}

async function replay(dir: string): Promise<{ server: ModelReplay; client: OpenAI }> {
  const server = await startModelReplay({ dir, model: "replay-test" });
  servers.push(server);
  return { server, client: new OpenAI({ apiKey: "x", baseURL: server.url, maxRetries: 0 }) };
}

describe("the replay server", () => {
  it("answers a recorded request over HTTP with the recorded message", async () => {
    const dir = folder();
    const key = record(dir, { same: true });
    const { server, client } = await replay(dir);
    const answer = await client.chat.completions.create({ model: "any", temperature: 0.7, messages });
    expect(JSON.parse(answer.choices[0].message.content!)).toEqual({ same: true });
    expect(answer.model).toBe("replay-test");
    expect(answer.usage!.prompt_tokens).toBeGreaterThan(0);
    expect(server.log.map((e) => [e.key, e.answered])).toEqual([[key, true]]);
    expect(server.missing()).toEqual([]);
  });

  it("keys a request by what the model reads, not by key order or transport settings", () => {
    const a = replayKey(replayedRequest({ model: "a", temperature: 0, messages }));
    const b = replayKey(replayedRequest({ messages, model: "b", max_tokens: 10 }));
    const reordered = messages.map((m) => ({ content: m.content, role: m.role }));
    expect(a).toBe(b);
    expect(replayKey(replayedRequest({ messages: reordered }))).toBe(a);
    const changed = [messages[0], { role: "user", content: `${messages[1].content} ` }];
    expect(replayKey(replayedRequest({ messages: changed }))).not.toBe(a);
  });

  it("answers 422 to a changed prompt and saves it, with its text, for a new recording", async () => {
    const dir = folder();
    record(dir, { same: true });
    const { server, client } = await replay(dir);
    const changed = [messages[0], { role: "user" as const, content: "A new prompt." }];
    const error = await client.chat.completions.create({ model: "any", messages: changed }).catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.UnprocessableEntityError);
    const [key] = server.missing();
    expect(key).toBe(replayKey(replayedRequest({ messages: changed })));
    const prompt = fs.readFileSync(path.join(dir, "pending", `${key}.prompt.md`), "utf8");
    expect(prompt).toContain("## user\n\nA new prompt.");
    const saved = JSON.parse(fs.readFileSync(path.join(dir, "pending", `${key}.request.json`), "utf8"));
    expect(replayKey(saved.request)).toBe(key);
  });
});
