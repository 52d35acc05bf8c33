import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";

it("nothing reads process.env outside lib/env.ts and prisma.config.ts", () => {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "app", "components", "lib", "scripts", "prisma", ":(top,glob)*.ts", ":(top,glob)*.mjs"], {
    encoding: "utf8",
  })
    .split("\n")
    .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f));
  const offenders = files.filter((f) => {
    if (f === "lib/env.ts" || f === "prisma.config.ts") return false;
    const text = execFileSync("cat", [f], { encoding: "utf8" });
    return /process\.env/.test(text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ""));
  });
  expect(files.length).toBeGreaterThan(10);
  expect(offenders).toEqual([]);
});
