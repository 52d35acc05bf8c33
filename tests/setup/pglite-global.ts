/** Integration tests on PGlite: one migrated and seeded folder per run, copied by each test file. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildTemplateDatabase } from "./template-database";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "news-it-pglite-template-"));
  const folder = path.join(dir, "pglite");
  buildTemplateDatabase(`pglite:${folder}`, dir);
  project.provide("pgliteTemplate", folder);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
