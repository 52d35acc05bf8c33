/**
 * Global setup of the `data` suite: it reads real third-party data, so it stops at once, saying
 * what it needs, when the data folder is missing.
 */
import { hasSharedData, SHARED_DATA_DIR } from "../helpers/shared-data";

export default function setup() {
  if (hasSharedData()) return;
  throw new Error(
    `npm run test:data needs the real data folder (feeds/ and clustering/) at ${SHARED_DATA_DIR}. ` +
      `Set NEWS_DATA_DIR to its path. npm test does not need it.`,
  );
}
