/**
 * House style: every module opens with what it is for, before its imports (after a "use client"
 * or `import "server-only"` directive), so a reader knows the room before reading the code.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { repoFiles } from "../helpers/repo-files";

const DIRECTIVE = /^("use client";|"use server";|import "server-only";)$/;

it("every module of app/, components/, lib/, scripts/ and tests/helpers opens with a docblock", () => {
  const files = repoFiles(["app", "components", "lib", "scripts", "tests/helpers"], /\.(ts|tsx|mjs)$/);
  const missing = files.filter((f) => {
    const first = readFileSync(f, "utf8")
      .split("\n")
      .find((line) => line.trim() !== "" && !DIRECTIVE.test(line.trim()));
    return !first?.startsWith("/**") && !first?.startsWith("//");
  });
  expect(files.length).toBeGreaterThan(100);
  expect(missing).toEqual([]);
});
