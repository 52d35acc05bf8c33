import { expect, test, type Page } from "@playwright/test";
import { E2E } from "@/tests/fixtures/e2e-stories";
import { PHONE_TOO, api, delayed, expectAccessible, serverError, shot, shotOf } from "./helpers";

/** Issue 8: the analysis on the page, the local cache and its modal, the community preview. */

const bridgeCard = (page: Page) =>
  page
    .getByTestId("comparison-card")
    .filter({ has: page.getByRole("heading", { name: E2E.bridge.topic, exact: true }) });

/** The browser tests' server has no AI model configured: the local analyzer answers. */
async function expectLocalAnalyzer(page: Page): Promise<void> {
  const res = await page.request.get("/api/v1/analysis/provider");
  expect(((await res.json()) as { data: { kind: string } }).data.kind).toBe("local");
}

/** Records every step text the progress view shows (some last only milliseconds). */
async function recordSteps(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __steps: string[] }).__steps = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll("[data-testid=analysis-step]")) {
        const text = `${el.textContent} ${document.querySelector("[data-testid=analysis-percent]")?.textContent}`;
        if (seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

test("not analysed: intro, three tiles, 'Start AI Analysis' and the provider the server reports", async ({
  page,
}, info) => {
  await expectLocalAnalyzer(page);
  await page.goto("/");
  const card = bridgeCard(page);
  await card.getByRole("tab", { name: "AI & Community Analysis" }).click();
  const intro = card.getByTestId("analysis-intro");
  for (const tile of ["Bias Analysis", "Factual Analysis", "Source Verification"])
    await expect(intro.getByText(tile)).toBeVisible();
  await expect(intro).toContainText("Click 'Start AI Analysis'");
  await expect(intro.getByRole("button", { name: "Start AI Analysis" })).toBeVisible();
  await expect(intro.getByTestId("provider-footer")).toHaveText(
    "Powered by a built-in text comparison on the server, not an AI model: it compares the articles' names, figures and quotations. " +
      "Uses intelligent caching, so a card analysed before opens instantly.",
  );
  await shotOf(card, info, "analysis-not-analysed");
});

test(
  "the local analyzer is named for what it is: a built-in text comparison, not an AI model",
  PHONE_TOO,
  async ({ page }, info) => {
    await expectLocalAnalyzer(page);
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Global Multi-Source News Analysis" });
    await expect(hero).toContainText("built-in text comparison");
    await expect(hero).not.toContainText("powered by a backend AI model");
    const card = bridgeCard(page);
    await card.getByRole("tab", { name: "AI & Community Analysis" }).click();
    const footer = card.getByTestId("provider-footer");
    await expect(footer).toContainText("built-in text comparison");
    await expect(footer).not.toContainText("Powered by the backend AI model");
    await shotOf(card, info, "analysis-local-wording");
    await expectAccessible(page, "hero", "section[aria-labelledby=page-title]");
    // While it runs, too.
    await page.route(api.analysis, delayed(1500));
    await card.getByRole("button", { name: "Start AI Analysis" }).click();
    await expect(card.getByTestId("provider-line")).toContainText("built-in text comparison");
    await expect(card.getByTestId("analysis-progress")).not.toContainText("AI provider:");
  },
);

test(
  "the local analyzer's figure says what it measured, in neutral colours",
  PHONE_TOO,
  async ({ page }, info) => {
    await page.goto("/");
    const card = bridgeCard(page);
    await card.getByRole("tab", { name: "AI & Community Analysis" }).click();
    await card.getByRole("button", { name: "Start AI Analysis" }).click();
    const gauge = card.getByTestId("accuracy-gauge");
    await expect(gauge.getByTestId("accuracy-band")).toHaveText(
      /^\d+ of \d+ compared details? agrees? between outlets$/,
    );
    await expect(gauge).not.toContainText(/Excellent|Good|Needs Review|Factual Accuracy/);
    const badge = card.getByTestId("factual-badge");
    await expect(badge).toHaveText(/^\d+ of \d+ details corroborated$/);
    for (const el of [badge, gauge.getByTestId("accuracy-band")])
      await expect(el).not.toHaveClass(/red|amber|green/);
    await shotOf(card, info, "analysis-corroboration");
    await expectAccessible(page, "analysed card", `article[aria-labelledby="card-${E2E.bridge.id}-title"]`);
  },
);

test(
  "an analysis runs 10 → 30 → 90 → 100, shows its results with citations, and is served from the cache after a reload",
  PHONE_TOO,
  async ({ page }, info) => {
    await expectLocalAnalyzer(page);
    await page.goto("/");
    const card = bridgeCard(page);
    await expect(card).toBeVisible();
    await recordSteps(page);
    await page.route(api.analysis, delayed(2500));
    await card.getByRole("button", { name: "Share" }).scrollIntoViewIfNeeded();
    // Starting from the Source Comparison tab switches to the analysis tab.
    await card.getByRole("tab", { name: "AI & Community Analysis" }).click();
    await card.getByRole("tab", { name: "Source Comparison" }).click();
    await card.getByRole("tab", { name: "AI & Community Analysis" }).click();
    await card.getByRole("button", { name: "Start AI Analysis" }).click();
    await expect(card.getByRole("tab", { name: "AI & Community Analysis" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    const progress = card.getByTestId("analysis-progress");
    // docs/product.md §4's step 30, naming what the articles are sent to: no AI model answers here.
    await expect(progress.getByTestId("analysis-step")).toHaveText(
      "Sending articles to the built-in text comparison...",
    );
    await expect(progress.getByTestId("analysis-percent")).toHaveText("30%");
    await expect(progress.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "30");
    await expect(progress.locator("li[data-lit=true]")).toHaveText([/Content Analysis/]);
    await expect(progress.locator("li[data-lit=false]")).toHaveText([
      /Cross-Source Comparison/,
      /Bias & Sentiment Analysis/,
    ]);
    await expect(progress).toContainText("A text comparison typically takes a second or two");
    await expect(progress.getByTestId("provider-line")).toHaveText(
      "Compared by the built-in text comparison on the server (no AI model)",
    );
    await expect(card.getByTestId("analysis-pulse")).toHaveCount(0);
    await shotOf(card, info, "analysis-loading");

    const result = card.getByTestId("analysis-result");
    await expect(result).toBeVisible({ timeout: 30_000 });
    const steps = await page.evaluate(() => (window as unknown as { __steps: string[] }).__steps);
    expect(steps).toEqual([
      "Checking cache... 10%",
      "Sending articles to the built-in text comparison... 30%",
      "Processing analysis results... 90%",
    ]);
    for (const heading of [
      "Summary",
      "Common Points",
      "Key Differences",
      "Editorial Perspective Analysis",
      "Community Analysis",
    ]) {
      await expect(result.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    await expect(result.getByText("Emotional Tone")).toBeVisible();
    // The local analyzer's shared fact in an outlet's words, and one line per outlet on what it leads with.
    await expect(
      result.getByRole("heading", { name: "Common Points", exact: true }).locator(".."),
    ).toContainText(/outlets report this; in the words of /);
    const angles = result
      .getByRole("heading", { name: "What Each Outlet Leads With", exact: true })
      .locator("..");
    await expect(angles).toContainText(/ leads with “| gives only a headline: “/);
    expect(await angles.getByTestId("citation-chip").count()).toBeGreaterThanOrEqual(2);
    const gauge = result.getByTestId("accuracy-gauge");
    const percent = Number((await gauge.getByRole("meter").getAttribute("aria-valuenow")) ?? "-1");
    expect(percent).toBeGreaterThanOrEqual(0);
    // The local analyzer's figure: its counts (docs/decisions/081-honest-analyzer-wording.md).
    const band = (await gauge.getByTestId("accuracy-band").textContent())!;
    const [, corroborated, total] = /^(\d+) of (\d+) compared details? agrees? between outlets$/.exec(band)!;
    expect(percent).toBe(Math.round((100 * Number(corroborated)) / Number(total)));
    const badge = `${corroborated} of ${total} details corroborated`;
    await expect(card.getByTestId("factual-badge")).toHaveText(badge);
    await expect(result.getByTestId("community-teaser")).toContainText("Coming soon");

    // Each common point names the outlets supporting it; a chip leads to that article.
    const chips = result.getByTestId("citation-chip");
    expect(await chips.count()).toBeGreaterThan(0);
    await shotOf(card, info, "analysis-analysed");
    const chip = chips.first();
    const source = (await chip.textContent())!;
    const target = (await chip.getAttribute("href"))!.slice(1);
    await chip.click();
    await expect(card.getByRole("tab", { name: "Source Comparison" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const panel = page.locator(`[id="${target}"]`);
    await expect(panel).toContainText(source);
    await expect(panel).toBeFocused();
    await expect(panel).toHaveClass(/ring-2/);

    // Reload: the card opens already analysed, served from the local cache.
    await page.unroute(api.analysis);
    let analysisCalls = 0;
    page.on("request", (r) => api.analysis(new URL(r.url())) && analysisCalls++);
    await page.reload();
    await expect(bridgeCard(page).getByTestId("factual-badge")).toHaveText(badge);
    await bridgeCard(page).getByRole("tab", { name: "AI & Community Analysis" }).click();
    await expect(bridgeCard(page).getByTestId("analysis-result")).toBeVisible();
    expect(analysisCalls).toBe(0);

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("ai_analysis_cache") ?? "{}"));
    const entries = Object.entries(stored) as [
      string,
      { version: string; expiresAt: number; timestamp: number },
    ][];
    expect(entries).toHaveLength(1);
    expect(entries[0][0]).toMatch(/^comparison_analysis_/);
    expect(entries[0][1].version).toBe("1.0.0");
    expect(entries[0][1].expiresAt - entries[0][1].timestamp).toBe(24 * 3600 * 1000);

    // The cache modal: opened and closed by the header button, statistics read on open.
    const button = page.getByRole("button", { name: "AI analysis cache statistics" });
    await button.click();
    const modal = page.getByRole("dialog", { name: "AI Analysis Cache Statistics" });
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId("cache-cache-size")).toHaveText("1 entry");
    await expect(modal.getByTestId("cache-cache-hits")).toHaveText("1");
    await expect(modal.getByTestId("cache-cache-misses")).toHaveText("1");
    await expect(modal.getByTestId("cache-hit-rate")).toHaveText("50.0%");
    await expect(modal.getByTestId("cache-errors")).toHaveText("0");
    await expect(modal.getByTestId("cache-last-access")).not.toHaveText("Never");
    await expect(modal).toContainText("The hit rate shows how often cached results replace new API calls.");
    await shot(page, info, "cache-modal");
    await button.click();
    await expect(modal).toHaveCount(0);

    // Another reload counts another hit; the modal shows it when opened again.
    await page.reload();
    await expect(bridgeCard(page).getByTestId("factual-badge")).toBeVisible();
    await button.click();
    await expect(modal.getByTestId("cache-cache-hits")).toHaveText("2");
    await expect(modal.getByTestId("cache-hit-rate")).toHaveText("66.7%");
    await modal.getByRole("button", { name: "Close cache statistics" }).click();
    await expect(modal).toHaveCount(0);
    // The settings panel counts the same one analysis, in the singular.
    await page.getByRole("button", { name: "Settings" }).click();
    await expect(page.getByRole("dialog", { name: "Settings" })).toContainText(
      "1 cached analysis in this browser.",
    );
  },
);

test("an analysis failure shows the texts of docs/product.md §4", async ({ page }, info) => {
  await page.route(api.analysis, (route) => serverError(route, "The AI provider failed."));
  await page.goto("/");
  const card = bridgeCard(page);
  await card.getByRole("tab", { name: "AI & Community Analysis" }).click();
  await card.getByRole("button", { name: "Start AI Analysis" }).click();
  const failed = card.getByTestId("analysis-failed");
  await expect(failed).toContainText("Analysis failed");
  await expect(failed).toContainText("Backend AI analysis failed. Please try again later.");
  await expect(failed).toContainText("Unable to complete analysis due to technical issues.");
  await expect(card.getByRole("button", { name: "Start AI Analysis" })).toBeVisible();
  await shotOf(card, info, "analysis-failed");
});

test(
  "Community Insights: 'coming soon' over a faded preview that cannot be operated",
  PHONE_TOO,
  async ({ page }, info) => {
    await page.goto("/");
    const card = bridgeCard(page);
    await card.getByRole("tab", { name: "Community Insights" }).click();
    await expect(card.getByTestId("coming-soon")).toContainText("Community features are coming soon");
    await expect(card.getByTestId("example-label")).toHaveText(
      "Example data, not about this story: how the community features will look.",
    );
    const preview = card.getByTestId("community-preview").locator("[inert]");
    await expect(preview).toHaveAttribute("inert", "");
    await expect(preview).toHaveCSS("opacity", "0.5");
    await expect(preview).toContainText("Shares: —");
    await expect(preview).toContainText("Newest First");
    await expect(preview.locator("li.bg-red-50")).toContainText(
      "Example of a comment hidden after readers flagged it.",
    );
    const like = preview.getByText("like", { exact: true }).first();
    await expect(like.click({ timeout: 1500 })).rejects.toThrow();
    await preview.locator("input").first().focus();
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe("INPUT");
    await shot(page, info, "community");
  },
);

test("no serious or critical accessibility violation (axe-core)", PHONE_TOO, async ({ page }) => {
  test.setTimeout(240_000); // axe walks the whole page; slow on a busy two-core machine
  await page.goto("/");
  await expect(bridgeCard(page)).toBeVisible();
  // Every part at once: the feed, one card on its analysis tab, another on the community
  // tab, the cache modal and the open filter panel; then the settings panel on its own.
  await bridgeCard(page).getByRole("tab", { name: "AI & Community Analysis" }).click();
  await page.getByTestId("comparison-card").nth(1).getByRole("tab", { name: "Community Insights" }).click();
  await page.getByRole("button", { name: "AI analysis cache statistics" }).click();
  await page.getByRole("button", { name: /countries • \d+ categories/ }).click();
  await expectAccessible(page, "page");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Settings" }).click();
  await expect(page.getByRole("dialog", { name: "Settings" })).toBeVisible();
  await expectAccessible(page, "settings", "#settings-panel");
});
