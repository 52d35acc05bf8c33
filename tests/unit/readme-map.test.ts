/**
 * README's "Where things live" names every folder under lib/ (issue 35): a folder added, moved or
 * renamed without its row fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { repoFiles } from "../helpers/repo-files";

it("README's map of where things live names every folder under lib/", () => {
  const readme = fs.readFileSync("README.md", "utf8");
  const map = readme.slice(
    readme.indexOf("## Where things live"),
    readme.indexOf("\n## ", readme.indexOf("## Where things live") + 1),
  );
  const folders = new Set(
    repoFiles(["lib"], /\.(ts|tsx|mjs|json)$/)
      .map((f) => path.posix.dirname(f).split("/").slice(0, 2).join("/"))
      .filter((d) => d !== "lib"),
  );
  expect(folders.size).toBeGreaterThan(10);
  expect([...folders].filter((d) => !map.includes(`\`${d}/\``))).toEqual([]);
});
