/**
 * Differences: what one outlet reports and the others do not. Figures that disagree (two
 * outlets give different numbers of the same thing) come first; then, outlet by outlet in
 * turn, a quotation, a figure and the names only that outlet has. Each point cites the
 * articles of the outlet(s) it is about.
 */

import type { CitedPoint } from "@/lib/schemas/analysis";
import { clip, listInWords, stem } from "../text";
import { sentenceAt, type Fact, type PreparedArticle } from "./facts";

const MAX_DIFFERENCES = 8;
const MAX_CONFLICTS = 2;

/** A few words around a number, as the article wrote them. */
function numberSnippet(article: PreparedArticle, fact: Fact): string {
  const mention = fact.origin!.mention;
  const sentence = sentenceAt(article, mention.start);
  if (!sentence) return fact.display;
  const at = mention.start - sentence.start;
  const before = sentence.text.slice(0, at).split(/\s+/).slice(-5).join(" ");
  // Up to four words after the number, stopping at the end of its clause.
  const after = sentence.text.slice(at + mention.text.length).split(/[;,:.!?—]/)[0].split(/\s+/).slice(0, 4).join(" ");
  return clip(`${before}${mention.text}${after}`.replace(/^[^\p{L}\p{N}“"‘$£€]+/u, "").replace(/[,;:]+$/, ""), 120);
}

function onlyOutlet(fact: Fact): boolean {
  return fact.outlets.size === 1;
}

/** Figures for the same thing (the same following word) that differ between outlets. */
/** Magnitudes, not things: "$14.9 billion" and "$1 billion" need not count the same thing. */
const MAGNITUDES = new Set(["hundred", "thousand", "million", "billion", "trillion", "percent", "per", "bn", "mn"]);

function conflicts(numbers: Fact[], articles: PreparedArticle[]): CitedPoint[] {
  const byUnit = new Map<string, Map<string, Fact[]>>();
  for (const f of numbers) {
    const unit = f.origin?.unit;
    if (!unit || MAGNITUDES.has(unit) || f.outlets.size !== 1) continue;
    const outlet = [...f.outlets][0];
    const perOutlet = byUnit.get(unit) ?? new Map<string, Fact[]>();
    perOutlet.set(outlet, [...(perOutlet.get(outlet) ?? []), f]);
    byUnit.set(unit, perOutlet);
  }
  const out: CitedPoint[] = [];
  for (const perOutlet of byUnit.values()) {
    // One figure per outlet, at least two outlets, and the figures differ.
    const single = [...perOutlet.values()].filter((fs) => fs.length === 1).map((fs) => fs[0]);
    if (single.length < 2 || new Set(single.map((f) => f.origin!.mention.value)).size < 2) continue;
    const snippets = single.slice(0, 3).map((f) => ({ fact: f, article: articles[f.origin!.article], text: numberSnippet(articles[f.origin!.article], f) }));
    const parts = snippets.map((x) => `${x.article.outlet.name} “${x.text}”`);
    // The thing counted, as the first report words it ("cities", "deaths").
    const first = snippets[0];
    const thing = first.text
      .slice(first.text.indexOf(first.fact.origin!.mention.text) + first.fact.origin!.mention.text.length)
      .match(/[\p{L}’'-]+/gu)
      ?.find((w) => stem(w.toLowerCase()) === first.fact.origin!.unit);
    const cited = snippets.map((x) => x.article.index).sort((a, b) => a - b);
    out.push({ text: `The reports give different figures${thing ? ` for ${thing}` : ""}: ${parts.join("; ")}.`, citations: cited });
    if (out.length >= MAX_CONFLICTS) break;
  }
  return out;
}

/** The card's differences, at most eight, taking each outlet in turn. */
export function findDifferences(facts: Fact[], articles: PreparedArticle[]): CitedPoint[] {
  const numbers = facts.filter((f) => f.kind === "number");
  const out = conflicts(numbers, articles);
  const inConflict = new Set(out.flatMap((p) => p.citations));
  const outlets = [...new Map([...articles].reverse().map((a) => [a.outlet.key, a.outlet])).values()].reverse();
  if (outlets.length < 2) return out;
  const queues = outlets.map((outlet) => {
    const own = facts.filter((f) => onlyOutlet(f) && f.outlets.has(outlet.key));
    const cite = (f: Fact) => [...f.articles].sort((a, b) => a - b);
    const items: CitedPoint[] = [];
    const quote = own.find((f) => f.kind === "quote");
    if (quote) items.push({ text: `Only ${outlet.name} quotes “${clip(quote.display, 160).replace(/[,;:]+$/, "")}”.`, citations: cite(quote) });
    const figure = own.find((f) => f.kind === "number" && f.origin && !inConflict.has(f.origin.article));
    if (figure) {
      const a = articles[figure.origin!.article];
      items.push({ text: `Only ${outlet.name} gives the figure ${figure.display}: “${numberSnippet(a, figure)}”.`, citations: [a.index] });
    }
    const names = own.filter((f) => f.kind === "name").slice(0, 3);
    if (names.length) {
      const cited = [...new Set(names.flatMap(cite))].sort((a, b) => a - b);
      items.push({ text: `Only ${outlet.name} mentions ${listInWords(names.map((n) => n.display))}.`, citations: cited });
    }
    return items;
  });
  for (let round = 0; out.length < MAX_DIFFERENCES && queues.some((q) => q.length > round); round++) {
    for (const q of queues) {
      if (q[round] && out.length < MAX_DIFFERENCES) out.push(q[round]);
    }
  }
  return out;
}
