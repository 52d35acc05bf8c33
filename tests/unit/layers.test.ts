/**
 * The layers run one way: routes and scripts → services → ingest, cluster, analysis, auth → storage
 * → database and settings. A lower module that imported a higher one would make a cycle (the
 * scheduler calls services, so a service that imported the scheduler would too). The domain
 * (ingest, cluster, analysis) and the API's schemas know nothing of HTTP or of the process's
 * lifecycle: they raise their own errors, which the edge (lib/http) maps to statuses (issue 23);
 * nor of the process's plumbing: work sent off the main thread (lib/workers, whose job table
 * calls the domain) and the choice of a provider live with the services, as lib/services/
 * rebuild-cards.ts does for the clusterer (issue 35). Settings (lib/env.ts) import nothing of the
 * project but the public reader's name. The rooms at the bottom import only what the list says:
 * the word lists and rules (lib/text) nothing; the outlets' registry (lib/sources) the catalog
 * and the words. What runs in the browser (lib/client, components/) imports none of the server's
 * rooms, and lib/client no component. Checked on every import of every tracked file under lib/
 * and components/, static or dynamic, with `@/` or a relative path.
 *
 * And each table is queried in its storage module only (lib/storage, one module per table): no
 * file of lib/, app/ or components/ elsewhere calls a Prisma table accessor (`prisma.article.…`),
 * raw SQL through Prisma (`$queryRaw`, `$executeRaw`), or holds an SQL statement naming a table.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { repoFiles } from "../helpers/repo-files";

/** Each folder, and the folders its modules must not import. */
const EDGE = ["lib/http", "lib/lifecycle"];
/** The process's plumbing, which the services hold: the worker pool and the provider's choice. */
const PLUMBING = ["lib/workers"];
/** The server's rooms, which nothing that runs in the browser imports. */
const SERVER = [
  "lib/services",
  "lib/scheduler",
  ...EDGE,
  ...PLUMBING,
  "lib/storage",
  "lib/database",
  "lib/db",
  "lib/env",
  "lib/log",
  "lib/auth",
  "lib/ingest",
  "lib/cluster",
  "lib/analysis",
  "lib/feeds",
  "generated/prisma/client",
];
const FORBIDDEN: Record<string, string[]> = {
  "lib/ingest": ["lib/services", "lib/scheduler", ...EDGE, ...PLUMBING],
  "lib/cluster": ["lib/services", "lib/scheduler", ...EDGE, ...PLUMBING],
  "lib/analysis": ["lib/services", "lib/scheduler", ...EDGE, ...PLUMBING],
  "lib/auth": ["lib/services", "lib/scheduler", ...PLUMBING],
  "lib/schemas": ["lib/services", "lib/scheduler", ...EDGE],
  "lib/database": ["lib/services", "lib/scheduler"],
  "lib/storage": ["lib/services", "lib/scheduler", ...EDGE, ...PLUMBING],
  "lib/workers": ["lib/services", "lib/scheduler", ...EDGE],
  "lib/services": ["lib/scheduler"],
  "lib/client": [...SERVER, "components"],
  components: SERVER,
};

/** Folders (or modules) that may import only the project paths listed (packages aside). */
const ONLY: Record<string, string[]> = {
  "lib/text": ["lib/text"],
  "lib/sources": ["lib/sources", "lib/catalog", "lib/text", "generated/prisma/enums"],
  "lib/env.ts": ["lib/public-reader"],
};

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

/** The repository path an import names, or null for a package. */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith("@/")) return specifier.slice(2);
  if (specifier.startsWith("."))
    return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return null;
}

/** A path within a folder or module (named without its extension, as imports name it). */
const within = (file: string, folder: string) =>
  file === folder || file.startsWith(`${folder}/`) || file.replace(/\.tsx?$/, "") === folder;

/** `from → to` for every import that crosses a layer the wrong way. */
function wrongWayImports(file: string, text: string): string[] {
  const rules = Object.entries(FORBIDDEN).filter(([folder]) => within(file, folder));
  const only = Object.entries(ONLY).filter(([folder]) => within(file, folder));
  const found: string[] = [];
  for (const [, specifier] of text.matchAll(IMPORT)) {
    const to = target(file, specifier);
    if (!to) continue;
    const forbidden = rules.some(([, folders]) => folders.some((f) => within(to, f)));
    const outside = only.some(([, allowed]) => !allowed.some((f) => within(to, f)));
    if (forbidden || outside) found.push(`${file} → ${specifier}`);
  }
  return found;
}

/** The tables of the schema, and the names of their Prisma accessors. */
const TABLES = [...fs.readFileSync("prisma/schema.prisma", "utf8").matchAll(/^model (\w+) \{/gm)].map(
  (m) => m[1],
);
const ACCESSOR = new RegExp(
  `\\.(${TABLES.map((t) => t[0].toLowerCase() + t.slice(1)).join("|")})\\s*\\.\\s*(find\\w*|count|groupBy|aggregate|create\\w*|update\\w*|upsert|delete\\w*)\\s*\\(`,
  "g",
);
const RAW = /\$(queryRaw|executeRaw)(Unsafe)?\b/g;
const SQL_TABLE = new RegExp(`\\b(FROM|INTO|UPDATE|JOIN|TABLE)\\s+"(${TABLES.join("|")})"`, "g");

/** `file: what` for every query of a table outside lib/storage. */
function tableQueries(file: string, text: string): string[] {
  if (within(file, "lib/storage")) return [];
  return [...text.matchAll(ACCESSOR), ...text.matchAll(RAW), ...text.matchAll(SQL_TABLE)].map(
    (m) => `${file}: ${m[0].replace(/\s+/g, " ")}`,
  );
}

it("every import runs the allowed way: no lower room imports services or the scheduler, the domain imports neither the edge nor the plumbing, the bottom rooms and settings only what their list says, and the browser's code no server room", () => {
  const files = repoFiles(["lib", "components"], /\.(ts|tsx)$/);
  expect(files.length).toBeGreaterThan(50);
  expect(files.flatMap((f) => wrongWayImports(f, fs.readFileSync(f, "utf8")))).toEqual([]);
});

it("each table is queried in lib/storage only", () => {
  expect(TABLES).toEqual(expect.arrayContaining(["Article", "ComparisonCard", "IngestRun", "Analysis"]));
  const files = repoFiles(["lib", "app", "components"], /\.(ts|tsx|mjs)$/);
  expect(files.flatMap((f) => tableQueries(f, fs.readFileSync(f, "utf8")))).toEqual([]);
});

it("sees every form of table query (the check itself)", () => {
  const text = [
    "await prisma.comparisonCard.count({ where });",
    "await getPrisma()\n    .ingestRun.update({ where });",
    "await db.$executeRaw`DELETE FROM x`;",
    "await tx.$queryRawUnsafe(sql);",
    'await sql.query(`SELECT 1 FROM "Article" WHERE id = $1`);',
    'await sql.query(`INSERT INTO "Counter" (name) VALUES ($1)`);',
    "const n = card.articles.length; const s = row.source.name;",
  ].join("\n");
  expect(tableQueries("lib/services/x.ts", text)).toEqual([
    "lib/services/x.ts: .comparisonCard.count(",
    "lib/services/x.ts: .ingestRun.update(",
    "lib/services/x.ts: $executeRaw",
    "lib/services/x.ts: $queryRawUnsafe",
    'lib/services/x.ts: FROM "Article"',
    'lib/services/x.ts: INTO "Counter"',
  ]);
  expect(tableQueries("lib/storage/cards.ts", text)).toEqual([]);
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
  expect(
    wrongWayImports("lib/analysis/x.ts", `import { runOffThread } from "@/lib/workers/run-off-thread";`),
  ).toHaveLength(1);
  expect(wrongWayImports("lib/env.ts", `import { X } from "@/lib/auth/public-reader";`)).toHaveLength(1);
  expect(wrongWayImports("lib/env.ts", `import { X } from "@/lib/public-reader";`)).toEqual([]);
  expect(
    wrongWayImports("lib/text/words.ts", `import { X } from "@/lib/catalog";\nimport { Y } from "./terms";`),
  ).toEqual(["lib/text/words.ts → @/lib/catalog"]);
  expect(wrongWayImports("lib/sources/registry.ts", `import { X } from "@/lib/catalog";`)).toEqual([]);
  expect(wrongWayImports("lib/sources/registry.ts", `import { X } from "@/lib/db";`)).toHaveLength(1);
  expect(wrongWayImports("lib/client/api.ts", `import { X } from "@/lib/services/list-cards";`)).toHaveLength(
    1,
  );
  expect(wrongWayImports("lib/client/api.ts", `import { X } from "@/components/app/news-app";`)).toHaveLength(
    1,
  );
  expect(wrongWayImports("components/x.tsx", `import { X } from "@/lib/db";`)).toHaveLength(1);
  expect(wrongWayImports("components/x.tsx", `import { X } from "@/lib/client/api";`)).toEqual([]);
});
