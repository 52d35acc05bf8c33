/**
 * Where the real third-party data lives: real RSS days, the UCI headlines and the labelled
 * clustering days. The folder is the one NEWS_DATA_DIR names, by default `../shared/data` beside
 * the repository. Only the `data` suite (tests/data, `npm run test:data`), the quality tools and
 * the benchmarks read it; `npm test` never does.
 */
import fs from "node:fs";
import path from "node:path";

/** The data folder, resolved from the repository root. */
export const SHARED_DATA_DIR = path.resolve(
  process.cwd(),
  process.env.NEWS_DATA_DIR ?? path.join("..", "shared", "data"),
);

/** A path inside the data folder. */
export function sharedDataPath(...parts: string[]): string {
  return path.join(SHARED_DATA_DIR, ...parts);
}

/** True when the data folder is there (the `data` suite's global setup stops without it). */
export function hasSharedData(): boolean {
  return (
    fs.existsSync(path.join(SHARED_DATA_DIR, "clustering")) &&
    fs.existsSync(path.join(SHARED_DATA_DIR, "feeds"))
  );
}
