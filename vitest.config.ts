import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const root = path.dirname(new URL(import.meta.url).pathname);
const shared = {
  environment: "node" as const,
  pool: "forks" as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  setupFiles: ["tests/setup/no-console-error.ts"],
};
const integration = ["tests/integration/**/*.test.ts"];
const RESILIENCE_TIMING = ["tests/resilience/hostile-clients.test.ts"];

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // Server modules import "server-only"; under Node (tests, scripts) it is the empty marker.
      "server-only": path.join(root, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    // Two test files at a time: each PGlite file holds a few hundred MB, and CI machines have
    // two cores (integration 290 s → 190 s, resilience 145 s → 98 s there).
    maxWorkers: 2,
    projects: [
      { extends: true, test: { ...shared, name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"] } },
      {
        // Real third-party data (feeds, UCI headlines, labelled days) from NEWS_DATA_DIR: npm run test:data.
        extends: true,
        test: {
          ...shared,
          name: "data",
          include: ["tests/data/**/*.test.ts"],
          globalSetup: ["tests/setup/data-global.ts"],
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: "integration-pglite",
          include: integration,
          globalSetup: ["tests/setup/pglite-global.ts"],
          setupFiles: ["tests/setup/db-pglite.ts", ...shared.setupFiles],
        },
      },
      {
        // Whole app processes (built with `npm run build`), killed, restarted, cut off from their
        // database. Every file starts its own servers on free ports and its own data folders.
        extends: true,
        test: {
          ...shared,
          name: "resilience",
          include: ["tests/resilience/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...RESILIENCE_TIMING],
          testTimeout: 180_000,
        },
      },
      {
        // Files that time the liveness probe under load run on their own (npm run test:resilience
        // runs this project first): beside another file's servers on a two-core machine, the
        // probe measured that file's load, not the one under test.
        extends: true,
        test: {
          ...shared,
          name: "resilience-timing",
          include: RESILIENCE_TIMING,
          testTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: "integration-postgres",
          include: integration,
          globalSetup: ["tests/setup/postgres-global.ts"],
          setupFiles: ["tests/setup/db-postgres.ts", ...shared.setupFiles],
        },
      },
    ],
  },
});
