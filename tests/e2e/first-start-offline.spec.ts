import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT } from "@/playwright.config";
import { shot } from "./helpers";

/**
 * Issue 33 on a newcomer's first start, as the README tells it: `PORT=… npm start` on a fresh
 * database, the bundled demo loaded and every feed unreachable (the server has no network). What
 * the page says must be true there: demo data said in words beside 'Live Analysis', the stories
 * in other selections, search over the story cards, each article's own time, and outlet pages
 * whose counts agree and whose feeds are said to be offline.
 */

test.describe.configure({ mode: "serial" });

let server: ChildProcess | null = null;
let base = "";
let dataDir = "";

const README = fs.readFileSync(path.join(process.cwd(), "README.md"), "utf8");

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  const port = E2E_PORT + 60 + (info.project.name === "phone" ? 1 : 0);
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "news-first-start-"));
  server = spawn("npm", ["start"], {
    detached: true,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: `pglite:${path.join(dataDir, "pglite")}`,
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      SCHEDULER_ENABLED: "true",
      DEMO_SNAPSHOT: "auto",
      RATE_LIMIT_LOGIN_PER_IP: "10000",
      RATE_LIMIT_ANALYSIS_PER_MINUTE: "10000",
      RATE_LIMIT_ANALYSIS_PER_CLIENT_PER_MINUTE: "10000",
    },
  });
  const deadline = Date.now() + 200_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/api/v1/health?probe=live`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`npm start with PORT=${port} never answered`);
});

test.afterAll(async () => {
  if (server?.pid) {
    process.kill(-server.pid, "SIGTERM");
    await once(server, "exit");
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const cards = (page: Page) => page.getByTestId("comparison-card");
const storm = (page: Page) => cards(page).filter({ hasText: "Storm Odile" }).first();

test("the README names the port setting and how to restart without rebuilding", () => {
  expect(README).toMatch(/PORT=\d+ npm start/);
  expect(README).toMatch(/`npm start`[^.]*without rebuilding/);
  expect(fs.readFileSync(path.join(process.cwd(), ".env.example"), "utf8")).toMatch(/^# ?PORT=3000$/m);
});

test("the demo is said to be demo data in the badge area, and six more stories wait one tap away", async ({
  page,
}, info) => {
  await page.goto(`${base}/`);
  await expect(cards(page)).toHaveCount(2);
  const status = page.getByTestId("data-status");
  await expect(status).toHaveCount(2);
  for (const s of await status.all()) await expect(s).toHaveText("Demo data, not live news");
  await expect(page.getByText("Live Analysis", { exact: true })).toHaveCount(2);
  await expect(page.getByTestId("other-selections")).toContainText(
    "6 more stories in other categories and countries",
  );
  await shot(page, info, "first-start-landing");
  const first = page.getByTestId("other-selections").getByRole("button").first();
  const count = Number((await first.textContent())!.match(/(\d+)\s*$/)![1]);
  await first.click();
  await expect(cards(page)).toHaveCount(count);
});

test("each article shows its own time: 'first reported by' names the earliest panel", async ({ page }) => {
  await page.goto(`${base}/`);
  const panels = storm(page).getByTestId("article-panel");
  await expect(panels).toHaveCount(4);
  const times: [string, number][] = [];
  for (const panel of await panels.all()) {
    const outlet = (await panel.getByTestId("outlet-link").textContent())!.trim();
    times.push([outlet, Date.parse((await panel.locator("time").getAttribute("datetime"))!)]);
  }
  expect(new Set(times.map(([, t]) => t)).size).toBe(4);
  const [earliest] = [...times].sort((a, b) => a[1] - b[1]);
  await expect(storm(page).getByTestId("coverage-line")).toContainText(`First reported by ${earliest[0]}`);
});

test("'rhine' finds the four-outlet Storm Odile card first", async ({ page }, info) => {
  await page.goto(`${base}/`);
  await expect(cards(page)).toHaveCount(2);
  const box = page.getByPlaceholder("Search topics...");
  await box.fill("rhine");
  await box.press("Enter");
  await expect(page.getByTestId("search-status")).toBeVisible();
  const first = cards(page).first();
  await expect(first.getByRole("heading", { level: 2 })).toContainText("Storm Odile");
  await expect(first).toContainText("4 Sources");
  await shot(page, info, "first-start-search-rhine");
});

test("an outlet page's counts agree, and its feeds are said to be offline, not failing", async ({
  page,
}, info) => {
  // The scheduler's first run tries every feed a few seconds after start; none can be reached.
  await expect
    .poll(
      async () => {
        const res = await fetch(`${base}/api/v1/sources/bbc-news`);
        const { data } = (await res.json()) as { data: { feeds: { status: string }[] } };
        return data.feeds.every((f) => f.status !== "not fetched yet");
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  await page.goto(`${base}/sources/bbc-news`);
  const feeds = page.getByTestId("feeds");
  await expect(feeds).toContainText(
    "4 articles in the last 72 hours, all from the bundled demo snapshot, none from these feeds",
  );
  await expect(feeds.getByTestId("feeds-offline")).toContainText("no network connection");
  const rows = feeds.getByTestId("feed-row");
  for (const row of await rows.all()) {
    await expect(row).toContainText("offline");
    await expect(row).not.toContainText("failing");
    await expect(row).toContainText("0 in the window");
  }
  await expect(page.getByTestId("covered")).toContainText(
    "4 stories of the last 72 hours, holding all 4 of its articles",
  );
  await shot(page, info, "first-start-outlet-offline", true);

  await page.goto(`${base}/sources/fox-news`);
  await expect(page.getByTestId("feeds")).toContainText("1 article in the last 72 hours");
  await expect(page.getByTestId("covered")).toContainText(
    "No story of the last 72 hours holds its 1 article",
  );
});
