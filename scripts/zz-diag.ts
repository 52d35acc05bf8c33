import { clusterWithEvidence } from "@/lib/cluster/cluster-articles";
import { readLabelledDays } from "@/lib/cluster/eval/cross-day";
import { fitPairModel, pairExamples } from "@/lib/cluster/eval/fit-pair-model";
import { scoreCards } from "@/lib/cluster/eval/metrics";
import { readRecordings } from "@/tests/helpers/model-replay";
import { batchPairs, batchRequest, readAnswer } from "@/lib/cluster/same-event-prompt";
import { GREY_ZONE } from "@/lib/cluster/tuning";
import type { PairVerdict } from "@/lib/cluster/pair-verdicts";
import { replayKey } from "@/tests/helpers/model-replay";

const days = readLabelledDays("/work/shared/data/clustering");
const recs = readRecordings("tests/fixtures/model-replay/pairs");
const want = process.argv[2];
for (const day of days) {
  if (want && day.name !== want) continue;
  const others = days.filter((d) => d !== day);
  const pairModel = fitPairModel(others.map((d) => pairExamples(d, {})), undefined, others.map((d) => d.name));
  const opts = { pairModel };
  const first = clusterWithEvidence(day.articles, opts, { greyZone: { ...GREY_ZONE, limit: 300 } });
  const byId = new Map(day.articles.map((a) => [a.id, a]));
  const verdicts: PairVerdict[] = [];
  for (const chunk of batchPairs(first.greyZone, 40)) {
    const b = batchRequest(chunk, byId);
    const r = recs.get(replayKey({ messages: b.messages, response_format: (await import("@/lib/cluster/same-event-prompt")).SAME_EVENT_RESPONSE_FORMAT }));
    if (!r) { console.log("missing"); continue; }
    verdicts.push(...readAnswer(typeof r.answer === "string" ? r.answer : JSON.stringify(r.answer), chunk).verdicts);
  }
  const second = clusterWithEvidence(day.articles, opts, { verdicts: process.env.X_NOMODEL ? [] : verdicts });
  const members = second.clusters.map((c) => c.articleIds);
  const outletOf = new Map(day.articles.map((a) => [a.id, a.sourceId]));
  const cards = scoreCards(members, day.truth, outletOf);
  const vmap = new Map(verdicts.map((v) => [[v.a, v.b].sort().join(" "), v.verdict]));
  const mainOf = (m: string[]) => { const c = new Map<string, number>(); for (const id of m) c.set(day.truth.get(id)!, (c.get(day.truth.get(id)!) ?? 0) + 1); return [...c].sort((a, b) => b[1] - a[1])[0][0]; };
  const cardIdx = members.map((m, i) => i).filter((i) => new Set(members[i].map((id) => outletOf.get(id))).size > 1);
  const byMain = new Map<string, number[]>();
  for (const i of cardIdx) { const k = mainOf(members[i]); byMain.set(k, [...(byMain.get(k) ?? []), i]); }
  for (const [story, idxs] of byMain) if (idxs.length > 1) {
    console.log(`\nDUP ${story}: ${idxs.map((i) => members[i].length).join(", ")}`);
    if (process.env.X_TITLES) for (const i of idxs) { console.log(`  card`); for (const id of members[i]) console.log(`    ${outletOf.get(id)} ${byId.get(id)!.publishedAt.toISOString().slice(5,16)}: ${byId.get(id)!.title.slice(0, 100)}`); }
    for (let x = 0; x < idxs.length; x++) for (let y = x + 1; y < idxs.length; y++) {
      let same = 0, diff = 0;
      for (const p of members[idxs[x]]) for (const q of members[idxs[y]]) { const v = vmap.get([p, q].sort().join(" ")); if (v === "same") same++; if (v === "different") diff++; }
      console.log(`   cards ${x}-${y}: same ${same} different ${diff}`);
    }
  }
  for (const idx of cards.impureCardIndices) {
    console.log(`\n${day.name} IMPURE card`);
    const m = members[idx];
    for (const id of m) console.log(`  [${day.truth.get(id)}] ${outletOf.get(id)}: ${byId.get(id)!.title.slice(0, 90)}`);
    for (let x = 0; x < m.length; x++) for (let y = x + 1; y < m.length; y++) {
      const v = vmap.get([m[x], m[y]].sort().join(" "));
      if (v && day.truth.get(m[x]) !== day.truth.get(m[y])) console.log(`   verdict ${v}: ${day.truth.get(m[x])} / ${day.truth.get(m[y])}`);
    }
  }
}
