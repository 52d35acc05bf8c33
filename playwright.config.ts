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

const executablePath =
  process.env.CHROMIUM_PATH ||
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => fs.existsSync(p));

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
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: chromium,
    trace: "retain-on-failure",
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 900 } } },
    {
      name: "phone",
      // Layout and accessibility on a phone: the tests tagged PHONE_TOO (tests/e2e/helpers.ts).
      grep: /@phone/,
      use: { ...devices["Pixel 7"], defaultBrowserType: "chromium", launchOptions: chromium },
    },
  ],
  webServer: {
    command: `node --import tsx --conditions=react-server scripts/e2e-server.ts ${E2E_PORT}`,
    url: `http://127.0.0.1:${E2E_PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
