/**
 * The repository's files as git sees them (tracked, plus new files it does not ignore), for the
 * tests that hold every source file to a house rule: docblocks, settings, import direction.
 */
import { execFileSync } from "node:child_process";

/** Files under `paths` (git pathspecs) whose names match `names`. */
export function repoFiles(paths: string[], names: RegExp): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", ...paths], {
    encoding: "utf8",
  })
    .split("\n")
    .filter((f) => names.test(f));
}
