/**
 * Recordings for the replay benchmark (`npm run bench:analysis -- --replay`): the product's exact
 * request for each benchmark card (lib/analysis/model-prompt.ts modelRequest), answered by a
 * stand-in in the model's answer shape: the built-in analyzer's findings for the card (its points,
 * angles, figures, differences and texts; no conflicts, no wording). No model wrote these: they
 * time the model path (HTTP, validation, the grounding check and the product's own numbers) on
 * cards larger than any recorded story, and say nothing of a model's quality.
 */
import fs from "node:fs";
import path from "node:path";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import { modelRequest, type ModelAnswer } from "@/lib/analysis/model-prompt";
import type { AnalysisArticle } from "@/lib/schemas/analysis";
import { replayedRequest, replayKey, type ReplayRecording } from "@/tests/helpers/model-replay";

export const STAND_IN_WRITER =
  "benchmark stand-in: the built-in analyzer's findings in the model's answer shape (no model wrote it)";

/** The built-in analyzer's answer for a card, in the shape a model answers in. */
async function standInAnswer(card: AnalysisArticle[]): Promise<ModelAnswer> {
  const local = await analyzeLocally(card);
  return {
    summary: local.summary,
    frontendSummary: local.frontendSummary,
    commonPoints: local.commonPoints,
    angles: local.angles ?? [],
    figures: local.figures ?? [],
    conflicts: [],
    differences: local.differences,
    biasAnalysis: local.biasAnalysis,
    emotionalTone: local.emotionalTone,
    articles: local.articles.map((a) => ({
      index: a.index,
      sentiment: a.sentiment,
      wording: [],
      lean: "none",
    })),
  };
}

/** Writes a stand-in recording for each card into `dir`. */
export async function writeStandIns(cards: AnalysisArticle[][], dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const card of cards) {
    const request = replayedRequest(
      JSON.parse(JSON.stringify(modelRequest(card))) as Record<string, unknown>,
    );
    const key = replayKey(request);
    const recording: ReplayRecording = {
      key,
      request,
      answer: (await standInAnswer(card)) as unknown as Record<string, unknown>,
      writtenBy: STAND_IN_WRITER,
      writtenAt: new Date().toISOString().slice(0, 10),
    };
    fs.writeFileSync(path.join(dir, `${key}.json`), JSON.stringify(recording));
  }
}
