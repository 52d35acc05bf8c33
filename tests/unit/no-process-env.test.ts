import fs from "node:fs";
import { expect, it } from "vitest";
import { repoFiles } from "../helpers/repo-files";

it("nothing reads process.env outside lib/env.ts and the tool configs prisma.config.ts, playwright.config.ts and next.config.mjs (writes for a child process are fine)", () => {
  const files = repoFiles(
    ["app", "components", "lib", "scripts", "prisma", ":(top,glob)*.ts", ":(top,glob)*.mjs"],
    /\.(ts|tsx|mjs|js)$/,
  );
  const offenders = files.filter((f) => {
    // The tool configs read their tools' build and test settings (next.config.mjs: what the test build skips).
    if (["lib/env.ts", "prisma.config.ts", "playwright.config.ts", "next.config.mjs"].includes(f))
      return false;
    const text = fs.readFileSync(f, "utf8");
    const code = text
      .replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "")
      // Writing settings for this process or a child is allowed; reading them is not.
      .replace(/Object\.assign\(process\.env,/g, "")
      .replace(/process\.env\.\w+\s*=(?!=)/g, "")
      // Next replaces this expression at build time to tell the Node runtime from the Edge
      // one; it is not a setting (instrumentation.ts).
      .replace(f === "instrumentation.ts" ? /process\.env\.NEXT_RUNTIME === "nodejs"/g : /$^/g, "");
    return /process\.env/.test(code);
  });
  expect(files.length).toBeGreaterThan(10);
  expect(offenders).toEqual([]);
});
