/**
 * `npm run analysis:eval -- [--show] [--story=SLUG]`: runs the local analyzer over the team's
 * fourteen labelled stories (tests/fixtures/analysis-eval-stories.ts; articles from the labelled
 * feed days of the data folder, NEWS_DATA_DIR) and prints, per story and overall, how many
 * expected shared facts and outlet angles the answers state, what the grounding check rejects,
 * which "only" claims are false and which statements carry feed artefacts. --show prints each
 * answer's texts.
 */
import { readFileSync } from "node:fs";
import { EVAL_STORIES } from "@/tests/fixtures/analysis-eval-stories";
import { dataFolderPath } from "./data-folder";
import { scoreStories, totals, type StoryScore } from "./lib/analysis-eval";
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
  console.log(`    tone: ${r.emotionalTone}`);
}

runScript(async () => {
  const args = process.argv.slice(2);
  const show = args.includes("--show");
  const only = args.find((a) => a.startsWith("--story="))?.slice("--story=".length);
  const stories = only ? EVAL_STORIES.filter((s) => s.slug === only) : EVAL_STORIES;
  if (!stories.length)
    throw new Error(`No story ${only}; the stories are: ${EVAL_STORIES.map((s) => s.slug).join(", ")}.`);
  const scores = await scoreStories(
    (day) =>
      readFileSync(
        dataFolderPath(`the labelled feed day ${day}`, "clustering", `feeds-dev-${day}.jsonl`),
        "utf8",
      ),
    stories,
  );
  console.log(
    `${"story".padEnd(46)} ${"outlets".padStart(7)} ${"facts".padStart(6)} ${"angles".padStart(7)} ${"rejected".padStart(8)} ${"false only".padStart(10)} ${"artefacts".padStart(9)} ${"ms".padStart(6)}`,
  );
  for (const s of scores) {
    console.log(
      `${s.slug.padEnd(46)} ${String(s.outlets).padStart(7)} ${`${s.facts.stated}/${s.facts.expected}`.padStart(6)} ${`${s.angles.stated}/${s.angles.expected}`.padStart(7)} ` +
        `${String(s.rejected.length).padStart(8)} ${String(s.falseOnly.length).padStart(10)} ${String(s.artefacts.length).padStart(9)} ${s.ms.toFixed(0).padStart(6)}`,
    );
    for (const m of s.facts.missed) console.log(`    missed fact: ${m}`);
    for (const m of s.angles.missed) console.log(`    missed angle: ${m}`);
    for (const m of s.rejected) console.log(`    rejected: ${m}`);
    for (const m of s.falseOnly) console.log(`    false only: ${m}`);
    for (const m of s.artefacts) console.log(`    artefact: ${m}`);
    if (show) printAnswer(s);
  }
  const t = totals(scores);
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(0)} %`;
  console.log(
    `\nOverall: facts ${t.facts.stated}/${t.facts.expected} (${pct(t.facts.stated, t.facts.expected)}), angles ${t.angles.stated}/${t.angles.expected} ` +
      `(${pct(t.angles.stated, t.angles.expected)}), rejected by the grounding check ${t.rejected}, false "only" claims ${t.falseOnly}, artefacts ${t.artefacts}.`,
  );
});
