import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./scripts/lib/chromium-flags";

/**
 * Browser tests against the built app, started on a fresh PGlite folder by
 * scripts/e2e-server.ts. The browser is the Chromium CHROMIUM_PATH names (npm test sets it:
 * scripts/ensure-test-env.sh), else Debian's headless shell, else Debian's /usr/bin/chromium, else
 * Playwright's own installed one. Playwright never downloads a browser here. Tests ask for reduced
 * motion: no test looks at an animation, and a pulsing dot on every card kept the browser painting
 * (docs/decisions/161-browser-suite-cpu.md).
 */
// E2E_PORT lets two checkouts on one machine run their browser suites side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * Workers, each with a server and a database of its own on E2E_PORT + its index
 * (tests/e2e/fixtures.ts). A test spends most of its time waiting on a page, so on two cores two
 * workers finish the suite in less time than one (decision 163).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

const executablePath =
  process.env.CHROMIUM_PATH ||
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => fs.existsSync(p));

/** Tests that time the app against a bound (first-minute.spec.ts: demo cards within 5 s). */
const ALONE = /first-minute\.spec\.ts/;
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const chromium = {
  executablePath,
  args: CHROMIUM_FLAGS,
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e-artifacts",
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: WORKERS,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: chromium,
    trace: "retain-on-failure",
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "desktop", testIgnore: ALONE, use: DESKTOP },
    {
      name: "phone",
      // Layout and accessibility on a phone: the tests tagged PHONE_TOO (tests/e2e/helpers.ts).
      grep: /@phone/,
      testIgnore: ALONE,
      use: { ...devices["Pixel 7"], defaultBrowserType: "chromium", launchOptions: chromium },
    },
    // The timed ones last, with nothing beside them: a second worker's page would be in the time.
    { name: "alone", testMatch: ALONE, dependencies: ["desktop", "phone"], use: DESKTOP },
  ],
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: `node --import tsx --conditions=react-server scripts/e2e-server.ts ${E2E_PORT + index}`,
    url: `http://127.0.0.1:${E2E_PORT + index}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
