/**
 * `npm run analysis:eval -- [--provider=local|replay] [--show] [--story=SLUG] [--json]`: runs the
 * local analyzer (or, with --provider=replay, the OpenAI-compatible path against recorded answers,
 * scripts/lib/analysis-replay.ts) over the team's
 * labelled stories (tests/fixtures/analysis-eval-stories.ts; articles from the labelled feed days
 * of the data folder, NEWS_DATA_DIR) and prints, per story and for the stories tuned on and those
 * only reported apart, how many expected shared facts (and of them those worded differently),
 * outlet angles and figure pairs the answers state, the contradictions they name (found / false), the "only" claims resting on one word, the
 * quotes said twice, the citations an outlet's own text does not support, the words of analysis
 * per word of articles, what the grounding check rejects, which "only" claims are false, which
 * statements carry feed artefacts, summaries ending in a bare keyword list, denied cards, labelled
 * facts counted wrongly ("N of M") and mispaired or cut figures (scripts/lib/analysis-eval.ts).
 * --show prints each answer's texts. --json ends the output with one line of JSON holding the
 * run's figures (for replay: the planted errors the grounding check removed and the supported
 * points it removed, p95 time, recordings missing), so anyone can check them.
 */
import { readFileSync } from "node:fs";
import { EVAL_STORIES } from "@/tests/fixtures/analysis-eval-stories";
import { dataFolderPath } from "./data-folder";
import { localAnalysis, scoreStories, totals, type StoryScore } from "./lib/analysis-eval";
import { replayRun, REPLAY_DIR, type ReplayRun } from "./lib/analysis-replay";
import { percentile } from "./bench/lib/server";
import { runScript } from "./script-runner";

function printAnswer(s: StoryScore): void {
  const r = s.result as StoryScore["result"] & { angles?: { text: string }[]; figures?: { text: string }[] };
  const list = (title: string, items: { text: string; citations?: number[] }[] | undefined) => {
    if (!items?.length) return;
    console.log(`    ${title}:`);
    for (const p of items)
      console.log(`      - ${p.text}${p.citations ? `  [${p.citations.join(",")}]` : ""}`);
  };
  s.articles.forEach((a, i) => console.log(`    #${i} ${a.source}: ${a.title}`));
  console.log(`    summary: ${r.summary}`);
  list("common points", r.commonPoints);
  list("angles", r.angles);
  list("figures", r.figures);
  list("differences", r.differences);
  console.log(`    accuracy: ${r.factualAccuracy} (${r.factualAccuracyMethod})`);
  console.log(`    bias: ${r.biasAnalysis}`);
  console.log(`    tone: ${r.emotionalTone}`);
}

runScript(async () => {
  const args = process.argv.slice(2);
  const show = args.includes("--show");
  const json = args.includes("--json");
  const provider = args.find((a) => a.startsWith("--provider="))?.slice("--provider=".length) ?? "local";
  if (provider !== "local" && provider !== "replay")
    throw new Error(`No provider ${provider}; use --provider=local (the default) or --provider=replay.`);
  const only = args.find((a) => a.startsWith("--story="))?.slice("--story=".length);
  const stories = only ? EVAL_STORIES.filter((s) => s.slug === only) : EVAL_STORIES;
  if (!stories.length)
    throw new Error(`No story ${only}; the stories are: ${EVAL_STORIES.map((s) => s.slug).join(", ")}.`);
  const replay = provider === "replay" ? await replayRun() : null;
  let scores: StoryScore[];
  try {
    scores = await scoreStories(
      (day) =>
        readFileSync(
          dataFolderPath(`the labelled feed day ${day}`, "clustering", `feeds-dev-${day}.jsonl`),
          "utf8",
        ),
      stories,
      replay?.analyse ?? localAnalysis,
    );
  } finally {
    await replay?.close();
  }
  const head = (label: string, w: number) => label.padStart(w);
  console.log(
    `${"story".padEnd(44)} ${head("split", 6)} ${head("facts", 6)} ${head("reword", 6)} ${head("angles", 6)} ${head("figs", 5)} ` +
      `${head("contr", 5)} ${head("1word", 5)} ${head("repeat", 6)} ${head("unsup", 5)} ${head("w/w", 5)} ${head("rej", 3)} ${head("false", 5)} ${head("artef", 5)} ` +
      `${head("kwlist", 6)} ${head("deny", 4)} ${head("count", 5)} ${head("mispr", 5)} ${head("ms", 5)}`,
  );
  for (const s of scores) {
    const ratio = (s.words.analysis / Math.max(1, s.words.articles)).toFixed(2);
    console.log(
      `${s.slug.slice(0, 44).padEnd(44)} ${head(s.split, 6)} ${head(`${s.facts.stated}/${s.facts.expected}`, 6)} ${head(`${s.reworded.stated}/${s.reworded.expected}`, 6)} ` +
        `${head(`${s.angles.stated}/${s.angles.expected}`, 6)} ${head(`${s.figurePairs.stated}/${s.figurePairs.expected}`, 5)} ${head(`${s.contradictions.found}/${s.contradictions.expected}`, 5)} ${head(String(s.singleWordOnly.length), 5)} ` +
        `${head(String(s.repeatedQuotes.length), 6)} ${head(String(s.unsupportedCitations.length), 5)} ${head(ratio, 5)} ${head(String(s.rejected.length), 3)} ` +
        `${head(String(s.falseOnly.length), 5)} ${head(String(s.artefacts.length), 5)} ${head(String(s.keywordList.length), 6)} ` +
        `${head(String(s.denied.length), 4)} ${head(`${s.counts.judged - s.counts.wrong.length}/${s.counts.judged}`, 5)} ` +
        `${head(String(s.mispairedFigures.length + s.cutUnits.length), 5)} ${head(s.ms.toFixed(0), 5)}`,
    );
    for (const m of s.facts.missed) console.log(`    missed fact: ${m}`);
    for (const m of s.angles.missed) console.log(`    missed angle: ${m}`);
    for (const m of s.figurePairs.missed) console.log(`    figures not paired: ${m}`);
    for (const m of s.contradictions.false) console.log(`    false contradiction: ${m}`);
    for (const m of s.singleWordOnly) console.log(`    single-word only: ${m}`);
    for (const m of s.repeatedQuotes) console.log(`    repeated quote: ${m}`);
    for (const m of s.unsupportedCitations) console.log(`    unsupported citation: ${m}`);
    for (const m of s.rejected) console.log(`    rejected: ${m}`);
    for (const m of s.falseOnly) console.log(`    false only: ${m}`);
    for (const m of s.artefacts) console.log(`    artefact: ${m}`);
    for (const m of s.keywordList) console.log(`    keyword list: ${m}`);
    for (const m of s.denied) console.log(`    denied card: ${m}`);
    for (const m of s.counts.wrong) console.log(`    miscounted: ${m}`);
    for (const m of s.mispairedFigures) console.log(`    mispaired figures: ${m}`);
    for (const m of s.cutUnits) console.log(`    cut unit: ${m}`);
    if (show) printAnswer(s);
  }
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(0)} %`;
  for (const split of ["tune", "report"] as const) {
    const part = scores.filter((s) => s.split === split);
    if (!part.length) continue;
    const t = totals(part);
    console.log(
      `\n${split === "tune" ? "Tuned on" : "Reported only"} (${part.length} stories): facts ${t.facts.stated}/${t.facts.expected} (${pct(t.facts.stated, t.facts.expected)}), ` +
        `facts worded differently ${t.reworded.stated}/${t.reworded.expected}, angles ${t.angles.stated}/${t.angles.expected} (${pct(t.angles.stated, t.angles.expected)}), ` +
        `figure pairs ${t.figurePairs.stated}/${t.figurePairs.expected}, ` +
        `contradictions found ${t.contradictions.found}/${t.contradictions.expected} (false ${t.contradictions.false}${t.contradictions.expected ? "" : "; no story has one, the unit tests are the evidence"}), single-word "only" items ${t.singleWordOnly}, repeated quotes ${t.repeatedQuotes}, ` +
        `unsupported citations ${t.unsupportedCitations}, bias text showing wording ${t.biasShowsWording}/${part.length}, words of analysis per word of articles ${(t.words.analysis / Math.max(1, t.words.articles)).toFixed(2)} ` +
        `(${t.words.analysis}/${t.words.articles}), rejected by the grounding check ${t.rejected}, false "only" claims ${t.falseOnly}, artefacts ${t.artefacts}; ` +
        `summaries ending in a bare keyword list ${t.keywordList}, denied cards ${t.denied}, "N of M" right on ${t.counts.judged - t.counts.wrong}/${t.counts.judged} labelled facts a count states ` +
        `(${t.counts.labelled} labelled), mispaired figures lines ${t.mispairedFigures}, cut units ${t.cutUnits}.`,
    );
  }
  const figures = { provider, stories: stories.length, answered: scores.length, ...runFigures(scores) };
  if (replay) Object.assign(figures, replayFigures(replay));
  if (json) console.log(JSON.stringify(figures));
});

/** The run's totals, as the JSON line gives them. */
function runFigures(scores: StoryScore[]) {
  const t = totals(scores);
  return {
    factsStated: t.facts.stated,
    factsExpected: t.facts.expected,
    anglesStated: t.angles.stated,
    anglesExpected: t.angles.expected,
    figurePairsStated: t.figurePairs.stated,
    figurePairsExpected: t.figurePairs.expected,
    groundingRemoved: t.rejected,
    falseOnly: t.falseOnly,
    unsupportedCitations: t.unsupportedCitations,
    artefacts: t.artefacts,
    emptyFrontendSummaries: scores.filter((s) => !s.result.frontendSummary.trim()).length,
    keywordListSummaries: t.keywordList,
    deniedCards: t.denied,
    countsJudged: t.counts.judged,
    countsWrong: t.counts.wrong,
    mispairedFigures: t.mispairedFigures,
    cutUnits: t.cutUnits,
  };
}

/** The replayed run's planted-error counts, times and missing recordings; its lists printed first. */
function replayFigures(run: ReplayRun) {
  const planted = run.planted;
  const sum = (f: (p: (typeof planted)[number]) => number) => planted.reduce((n, p) => n + f(p), 0);
  console.log(`\nPlanted points (tests/fixtures/analysis-planted.ts), ${planted.length} stories:`);
  for (const p of planted) {
    for (const e of p.errorsKept) console.log(`  ${p.slug}: planted error kept: ${e}`);
    for (const e of p.supportedRemoved) console.log(`  ${p.slug}: supported point removed: ${e}`);
    for (const e of p.supportedCitationsLost) console.log(`  ${p.slug}: supported citation removed: ${e}`);
  }
  const errors = sum((p) => p.errors);
  const supported = sum((p) => p.supported);
  const figures = {
    plantedErrors: errors,
    plantedRemoved: errors - sum((p) => p.errorsKept.length),
    supportedPoints: supported,
    supportedRemoved: sum((p) => p.supportedRemoved.length),
    supportedCitationsRemoved: sum((p) => p.supportedCitationsLost.length),
    p50Ms: Math.round(percentile(run.times, 50) * 10) / 10,
    p95Ms: Math.round(percentile(run.times, 95) * 10) / 10,
    missingRecordings: run.missing.length,
    pendingDir: run.missing.length ? `${REPLAY_DIR}/pending` : null,
  };
  console.log(
    `Planted errors removed ${figures.plantedRemoved}/${errors}; supported points removed ${figures.supportedRemoved}/${supported} ` +
      `(citations lost ${figures.supportedCitationsRemoved}); end to end p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms` +
      (run.missing.length
        ? `; ${run.missing.length} stories had no recording (saved in ${REPLAY_DIR}/pending: ${run.missing.join(", ")})`
        : ""),
  );
  return figures;
}
