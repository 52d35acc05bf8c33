import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, type Request, type Route, type TestInfo } from "@playwright/test";

/**
 * Whether the states' screenshots are saved: for a person who looks at them after a local run. A CI
 * run's clone is thrown away unread, so there they are skipped (about 0.3–1 s each on a two-core
 * machine) unless E2E_SCREENSHOTS=1; a failing test's own screenshot is kept either way
 * (playwright.config.ts).
 */
const SAVE_SHOTS = process.env.E2E_SCREENSHOTS === "1" || !process.env.CI;

/** Saves `test-results/screenshots/<state>-<project>.png` (looked at by a person after each run). */
export async function shot(page: Page, info: TestInfo, state: string, fullPage = false): Promise<void> {
  if (!SAVE_SHOTS) return;
  const dir = path.join("test-results", "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${state}-${info.project.name}.png`), fullPage });
}

/** The same for one element (a card), whatever its height. */
export async function shotOf(locator: Locator, info: TestInfo, state: string): Promise<void> {
  if (!SAVE_SHOTS) return;
  const dir = path.join("test-results", "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await locator.screenshot({ path: path.join(dir, `${state}-${info.project.name}.png`) });
}

export const isPhone = (info: TestInfo) => info.project.name === "phone";

/**
 * The tag of a test that runs on the phone too (playwright.config.ts): one whose page lays out
 * differently on a phone, or that runs axe-core. A test of a text, a request or a stored state runs
 * on the desktop only, the same code on both (docs/decisions/159-phone-project-scope.md).
 */
export const PHONE_TOO = { tag: "@phone" } as const;

/** Matchers for the API calls the page makes (the browser's network; the server stays real). */
export const api = {
  cards: (url: URL) => url.pathname === "/api/v1/comparison-cards",
  options: (url: URL) => url.pathname === "/api/v1/comparison-cards/options",
  login: (url: URL) => url.pathname === "/api/v1/auth/login",
  onDemand: (url: URL) => url.pathname === "/api/v1/comparison-cards/generate/on-demand",
  search: (url: URL) => url.pathname === "/api/v1/search",
  analysis: (url: URL) => url.pathname === "/api/v1/analysis/compare-articles",
};

export const serverError = (route: Route, error = "Database unavailable") =>
  route.fulfill({
    status: 503,
    contentType: "application/json",
    body: JSON.stringify({ success: false, error, code: "database_unavailable" }),
  });

/** Lets a request through after `ms`, so a transient state can be seen. */
export const delayed = (ms: number) => async (route: Route) => {
  await new Promise((r) => setTimeout(r, ms));
  await route.continue().catch(() => undefined);
};

/** Records the API requests of a page (method and path with query). */
export function recordApi(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/v1/")) seen.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

/** No serious or critical axe-core violation on the page, or inside `include` (a CSS selector). */
export async function expectAccessible(page: Page, label: string, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map(
      (v) =>
        `${label}: ${v.id} ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    ),
  ).toEqual([]);
}
