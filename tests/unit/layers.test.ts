/**
 * The layers run one way: routes and scripts → services → ingest, cluster, analysis, storage → database
 * and settings. A lower module that imported a higher one would make a cycle (the scheduler calls
 * services, so a service that imported the scheduler would too). The domain (ingest, cluster,
 * analysis) and the API's schemas know nothing of HTTP or of the process's lifecycle: they raise
 * their own errors, which the edge (lib/http) maps to statuses (issue 23). Checked on every
 * import of every tracked file under lib/, static or dynamic, with `@/` or a relative path.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { repoFiles } from "../helpers/repo-files";

/** Each folder, and the folders its modules must not import. */
const EDGE = ["lib/http", "lib/lifecycle"];
const FORBIDDEN: Record<string, string[]> = {
  "lib/ingest": ["lib/services", "lib/scheduler", ...EDGE],
  "lib/cluster": ["lib/services", "lib/scheduler", ...EDGE],
  "lib/analysis": ["lib/services", "lib/scheduler", ...EDGE],
  "lib/schemas": ["lib/services", "lib/scheduler", ...EDGE],
  "lib/database": ["lib/services", "lib/scheduler"],
  "lib/storage": ["lib/services", "lib/scheduler", ...EDGE],
  "lib/workers": ["lib/services", "lib/scheduler", ...EDGE],
  "lib/services": ["lib/scheduler"],
};

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

/** The repository path an import names, or null for a package. */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith("@/")) return specifier.slice(2);
  if (specifier.startsWith("."))
    return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return null;
}

const within = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);

/** `from → to` for every import that crosses a layer the wrong way. */
function wrongWayImports(file: string, text: string): string[] {
  const rules = Object.entries(FORBIDDEN).filter(([folder]) => within(file, folder));
  const found: string[] = [];
  for (const [, specifier] of text.matchAll(IMPORT)) {
    const to = target(file, specifier);
    if (to && rules.some(([, forbidden]) => forbidden.some((f) => within(to, f))))
      found.push(`${file} → ${specifier}`);
  }
  return found;
}

it("no module of ingest, cluster, analysis, schemas or database imports services or the scheduler, the domain and schemas import neither lib/http nor lib/lifecycle, and no service imports the scheduler", () => {
  const files = repoFiles(["lib"], /\.(ts|tsx)$/);
  expect(files.length).toBeGreaterThan(50);
  expect(files.flatMap((f) => wrongWayImports(f, fs.readFileSync(f, "utf8")))).toEqual([]);
});

it("sees every form of import (the check itself)", () => {
  const text = [
    `import { a } from "@/lib/services/list-cards";`,
    `import type { B } from "../scheduler/start";`,
    `export { c } from "@/lib/scheduler/start";`,
    `const { d } = await import("@/lib/services/refresh-news");`,
    `import "@/lib/services/side-effect";`,
    `import { e } from "@/lib/db";`,
  ].join("\n");
  expect(wrongWayImports("lib/ingest/store.ts", text)).toEqual([
    "lib/ingest/store.ts → @/lib/services/list-cards",
    "lib/ingest/store.ts → ../scheduler/start",
    "lib/ingest/store.ts → @/lib/scheduler/start",
    "lib/ingest/store.ts → @/lib/services/refresh-news",
    "lib/ingest/store.ts → @/lib/services/side-effect",
  ]);
  expect(
    wrongWayImports("lib/services/get-scheduler-status.ts", `import { x } from "@/lib/scheduler/start";`),
  ).toHaveLength(1);
  expect(
    wrongWayImports(
      "lib/analysis/work-budget.ts",
      `import { ApiError } from "@/lib/http/errors";\nimport { trackTask } from "../lifecycle/shutdown";`,
    ),
  ).toEqual([
    "lib/analysis/work-budget.ts → @/lib/http/errors",
    "lib/analysis/work-budget.ts → ../lifecycle/shutdown",
  ]);
  expect(
    wrongWayImports("lib/schemas/api-contract.ts", `import type { RouteKey } from "@/lib/http/routes";`),
  ).toHaveLength(1);
  expect(wrongWayImports("lib/services/get-card.ts", `import { x } from "./card-view";`)).toEqual([]);
  expect(
    wrongWayImports("lib/scheduler/start.ts", `import { x } from "@/lib/services/rebuild-cards";`),
  ).toEqual([]);
});
