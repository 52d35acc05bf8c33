/**
 * `npm run replay:adopt -- DIR --written-by "…" [--date YYYY-MM-DD]`: files the answers written
 * for a replay folder's pending requests (tests/helpers/model-replay.ts). For each
 * `DIR/pending/<key>.request.json` with a `<key>.answer.json` beside it, checks that the answer is
 * JSON, writes the recording `DIR/<key>.json` (request, answer, who wrote it and when) and removes
 * the pending files. Requests still without an answer are listed and left in place.
 */
import fs from "node:fs";
import path from "node:path";
import { replayKey, type ReplayRecording, type ReplayedRequest } from "@/tests/helpers/model-replay";
import { runScript } from "./script-runner";

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

runScript(async () => {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith("--") && args[args.indexOf(a) - 1] !== "--written-by");
  const writtenBy = option(args, "--written-by");
  const writtenAt = option(args, "--date") ?? new Date().toISOString().slice(0, 10);
  if (!dir || !writtenBy)
    throw new Error('Usage: npm run replay:adopt -- DIR --written-by "…" [--date YYYY-MM-DD]');
  const pending = path.join(dir, "pending");
  if (!fs.existsSync(pending)) {
    console.log(`Nothing pending in ${dir}.`);
    return;
  }
  let filed = 0;
  const waiting: string[] = [];
  for (const name of fs
    .readdirSync(pending)
    .filter((n) => n.endsWith(".request.json"))
    .sort()) {
    const key = name.slice(0, -".request.json".length);
    const answerFile = path.join(pending, `${key}.answer.json`);
    if (!fs.existsSync(answerFile)) {
      waiting.push(key);
      continue;
    }
    const text = fs.readFileSync(answerFile, "utf8");
    let answer: Record<string, unknown>;
    try {
      answer = JSON.parse(text) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`${answerFile} is not JSON: ${(error as Error).message}`);
    }
    const { request } = JSON.parse(fs.readFileSync(path.join(pending, name), "utf8")) as {
      request: ReplayedRequest;
    };
    if (replayKey(request) !== key) throw new Error(`${name} does not hash to its key ${key}.`);
    const recording: ReplayRecording = { key, request, answer, writtenBy, writtenAt };
    fs.writeFileSync(path.join(dir, `${key}.json`), `${JSON.stringify(recording, null, 1)}\n`);
    for (const suffix of [".request.json", ".prompt.md", ".answer.json"])
      fs.rmSync(path.join(pending, `${key}${suffix}`), { force: true });
    filed++;
  }
  if (!fs.readdirSync(pending).length) fs.rmdirSync(pending);
  console.log(`Filed ${filed} recording(s) in ${dir}.`);
  if (waiting.length) console.log(`Still without an answer (${waiting.length}): ${waiting.join(", ")}`);
});
