/**
 * The folder of real third-party data (NEWS_DATA_DIR, default ../shared/data) that the
 * benchmarks and cluster:eval read: saved feeds under feeds/dev, the UCI headlines under
 * clustering/. A command that needs it and does not find it stops with a message saying what
 * it needs, instead of a file-not-found stack trace.
 */
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

export class DataFolderMissingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DataFolderMissingError";
  }
}

/** The absolute path of `parts` inside the data folder; throws DataFolderMissingError when it is not there. */
export function dataFolderPath(what: string, ...parts: string[]): string {
  const root = path.resolve(process.cwd(), env.NEWS_DATA_DIR);
  const target = path.join(root, ...parts);
  if (!fs.existsSync(target)) {
    throw new DataFolderMissingError(
      `This command reads ${what} from ${target}, which does not exist. ` +
        `Set NEWS_DATA_DIR to the data folder that holds feeds/ and clustering/ (now ${env.NEWS_DATA_DIR}, relative to ${process.cwd()}).`,
    );
  }
  return target;
}
