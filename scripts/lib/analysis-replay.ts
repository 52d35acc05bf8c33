/**
 * `analysis:eval --provider=replay`: the labelled dev stories sent through the product's real
 * OpenAI-compatible path (lib/analysis/openai-provider.ts, over HTTP) to the replay server
 * (tests/helpers/model-replay.ts), which answers from the answers a capable language model wrote
 * to the product's exact prompts (tests/fixtures/model-replay/analysis/README.md); each answer is
 * then checked and completed as the service does it (lib/analysis/checked-answer.ts). A request
 * with no recording is saved there as pending, for a new recording. Then the labelled planted
 * errors and supported points (tests/fixtures/analysis-planted.ts) are added to each story's
 * answer and checked again: how many errors the check removes, and how many supported points.
 */
import path from "node:path";
import { checkAnswer } from "@/lib/analysis/checked-answer";
import { OpenAIProvider } from "@/lib/analysis/openai-provider";
import type { GroundingReport } from "@/lib/analysis/grounding";
import type { ModelDraft, ProviderAnalysis } from "@/lib/analysis/provider";
import type { AnalysisArticle, CitedPoint } from "@/lib/schemas/analysis";
import { PLANTED, type PlantedPlace, type PlantedStory } from "@/tests/fixtures/analysis-planted";
import { startModelReplay, type ModelReplay } from "@/tests/helpers/model-replay";
import type { StoryAnalysis } from "./analysis-eval";

export const REPLAY_DIR = path.join("tests", "fixtures", "model-replay", "analysis");

/** What the planted points came to, per story. */
export interface PlantedOutcome {
  slug: string;
  /** Planted errors the check left in the answer. */
  errorsKept: string[];
  errors: number;
  /** Supported points the check removed (whole), and those that lost a citation the labels call right. */
  supportedRemoved: string[];
  supportedCitationsLost: string[];
  supported: number;
}

export interface ReplayRun {
  analyse: StoryAnalysis;
  replay: ModelReplay;
  /** End-to-end milliseconds per answered story (HTTP call, parse, check and completion). */
  times: number[];
  /** Stories whose request had no recording. */
  missing: string[];
  planted: PlantedOutcome[];
  close(): Promise<void>;
}

type Lists = Pick<ModelDraft, "commonPoints" | "angles" | "figures" | "conflicts" | "differences">;

/** The draft with the story's planted points added where their labels put them. */
function plant(draft: ModelDraft, story: PlantedStory): ModelDraft {
  const out: ModelDraft = structuredClone(draft);
  for (const { place, point } of [...story.errors, ...story.supported]) {
    if (place === "summary" || place === "biasAnalysis") out[place] = `${out[place]} ${point.text}`.trim();
    else out[place as keyof Lists].push(point);
  }
  return out;
}

/** The answer's points where a planted point of this place ends (a conflict is shown among the differences). */
function pointsAt(analysis: ProviderAnalysis, place: PlantedPlace): CitedPoint[] {
  if (place === "conflicts") return analysis.differences;
  if (place === "summary" || place === "biasAnalysis") return [];
  return (analysis[place] as CitedPoint[] | undefined) ?? [];
}

/** The planted point as the checked answer still holds it, or null when it was removed. */
function survivor(analysis: ProviderAnalysis, place: PlantedPlace, point: CitedPoint): CitedPoint | null {
  if (place === "summary" || place === "biasAnalysis")
    return analysis[place].includes(point.text.trim()) ? point : null;
  return pointsAt(analysis, place).find((p) => p.text === point.text) ?? null;
}

/** Checks the story's answer with its planted points, and scores what the check removed. */
async function scorePlanted(
  draft: ModelDraft,
  articles: AnalysisArticle[],
  story: PlantedStory,
): Promise<PlantedOutcome> {
  const { analysis } = await checkAnswer(plant(draft, story), articles);
  const errorsKept = story.errors
    .filter((e) => {
      const kept = survivor(analysis, e.place, e.point);
      if (!kept) return false;
      return e.wrongCitation === undefined || kept.citations.includes(e.wrongCitation);
    })
    .map((e) => `${e.kind}: ${e.point.text}`);
  const supportedRemoved: string[] = [];
  const supportedCitationsLost: string[] = [];
  for (const s of story.supported) {
    const kept = survivor(analysis, s.place, s.point);
    if (!kept) supportedRemoved.push(`${s.place}: ${s.point.text}`);
    else if (s.point.citations.some((i) => !kept.citations.includes(i)))
      supportedCitationsLost.push(`${s.place}: ${s.point.text}`);
  }
  return {
    slug: story.slug,
    errorsKept,
    errors: story.errors.length,
    supportedRemoved,
    supportedCitationsLost,
    supported: story.supported.length,
  };
}

/** Starts the replay server and returns the stories' analysis through the model path. */
export async function replayRun(dir = REPLAY_DIR): Promise<ReplayRun> {
  const replay = await startModelReplay({ dir, model: "replay" });
  const provider = new OpenAIProvider({
    baseURL: replay.url,
    model: "replay",
    timeoutMs: 30_000,
    maxRetries: 0,
  });
  const run: ReplayRun = {
    replay,
    times: [],
    missing: [],
    planted: [],
    close: () => replay.close(),
    analyse: async (articles, story) => {
      const before = replay.missing().length;
      const t0 = performance.now();
      let draft: ModelDraft;
      try {
        draft = await provider.analyze(articles);
      } catch (error) {
        if (replay.missing().length > before) {
          run.missing.push(story.slug);
          return null;
        }
        throw error;
      }
      const checked: { analysis: ProviderAnalysis; report: GroundingReport } = await checkAnswer(
        draft,
        articles,
      );
      run.times.push(performance.now() - t0);
      const planted = PLANTED.find((p) => p.slug === story.slug);
      if (planted) run.planted.push(await scorePlanted(draft, articles, planted));
      return checked;
    },
  };
  return run;
}
