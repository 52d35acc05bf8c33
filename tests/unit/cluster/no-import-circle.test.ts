/**
 * The clusterer's modules import one another one way (issue 35): no circle, not even of type-only
 * imports (types.ts once imported features.ts and pair-model.ts, which imported it back).
 */
import fs from "node:fs";
import { expect, it } from "vitest";
import { repoFiles } from "../../helpers/repo-files";

const IMPORT = /^(?:import|export)[^;]*?from "@\/(lib\/cluster\/[^"]+)"/gms;

/** Each module of lib/cluster (without ".ts") → the modules of lib/cluster it imports. */
function importGraph(): Map<string, string[]> {
  const modules = repoFiles(["lib/cluster"], /\.ts$/).map((f) => f.slice(0, -3));
  const known = new Set(modules);
  return new Map(
    modules.map((m) => {
      const source = fs.readFileSync(`${m}.ts`, "utf8");
      return [m, [...source.matchAll(IMPORT)].map((x) => x[1]).filter((d) => known.has(d))];
    }),
  );
}

/** One circle per module that lies on one, as "a → b → a". */
function circles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const visit = (m: string, path: string[]): void => {
    const at = path.indexOf(m);
    if (at >= 0) {
      found.push([...path.slice(at), m].join(" → "));
      return;
    }
    if (done.has(m)) return;
    for (const d of graph.get(m) ?? []) visit(d, [...path, m]);
    done.add(m);
  };
  for (const m of graph.keys()) visit(m, []);
  return found;
}

it("finds a circle when there is one", () => {
  const graph = new Map([
    ["a", ["b"]],
    ["b", ["a"]],
    ["c", ["a"]],
  ]);
  expect(circles(graph)).toEqual(["a → b → a"]);
});

it("lib/cluster's modules import one another without a circle", () => {
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(10);
  expect(circles(graph)).toEqual([]);
});
