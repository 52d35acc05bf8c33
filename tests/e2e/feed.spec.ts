import { expect, test, type Page } from "@playwright/test";
import { E2E } from "@/tests/fixtures/e2e-stories";
import { PHONE_TOO, api, delayed, expectAccessible, isPhone, recordApi, serverError, shot } from "./helpers";

/** The reader's page, issue 7: start-up, feed, filters, cards and every state of docs/product.md §2, §4, §8. */

const cards = (page: Page) => page.getByTestId("comparison-card");
const card = (page: Page, topic: string) =>
  cards(page).filter({ has: page.getByRole("heading", { name: topic, exact: true }) });

async function openFilters(page: Page) {
  await page.getByRole("button", { name: /countries • \d+ categories/ }).click();
  await expect(page.getByRole("region", { name: "News source filters" })).toBeVisible();
}

/** From the landing view to one country/category pair, through the filter panel. */
async function selectPair(page: Page, country: string, category: string) {
  await expect(cards(page)).toHaveCount(12);
  await openFilters(page);
  await page.getByRole("button", { name: "Remove United States" }).click();
  await page.getByRole("button", { name: country, exact: true }).click();
  await page.getByRole("tab", { name: "Categories (1)" }).click();
  await page.getByRole("button", { name: "General News", exact: true }).click();
  await page.getByRole("button", { name: category, exact: true }).click();
  await closeFilters(page);
}

/** Submits a topic in the header's search box. */
async function searchFor(page: Page, topic: string) {
  const box = page.getByPlaceholder("Search topics...");
  await box.fill(topic);
  await box.press("Enter");
}

async function closeFilters(page: Page) {
  const close = page.getByRole("button", { name: "Close filters" });
  if (await close.isVisible()) await close.click();
  else await page.getByRole("button", { name: /countries • \d+ categories/ }).click();
}

test(
  "start-up: logs in as the public reader, loads options, shows the landing feed",
  PHONE_TOO,
  async ({ page }, info) => {
    const calls = recordApi(page);
    await page.goto("/");
    await expect(page.getByText("Connected & Authenticated")).toBeVisible();
    await expect(page.getByTestId("status-line")).toContainText("1 countries, 1 categories");
    await expect(cards(page)).toHaveCount(12);
    await expect(cards(page).first().getByRole("heading", { level: 2 })).toHaveText(E2E.bridge.topic);
    const stats = page.getByTestId("stats-bar");
    await expect(stats).toContainText(/Articles: \d+/);
    await expect(stats).toContainText("Updated: Just now");
    await expect(stats.getByText("Live Analysis")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("authToken"))).toMatch(/^ey/);
    expect(calls).toContain("POST /api/v1/auth/login");
    expect(calls).toContain("GET /api/v1/comparison-cards/options");
    expect(calls.filter((c) => c.startsWith("GET /api/v1/comparison-cards?"))).toEqual([
      "GET /api/v1/comparison-cards?limit=100",
    ]);
    await shot(page, info, "landing");

    // A stored token is reused: no second login.
    calls.length = 0;
    await page.reload();
    await expect(cards(page)).toHaveCount(12);
    expect(calls).not.toContain("POST /api/v1/auth/login");
  },
);

test("requests carry the held token: cards, options, provider and search", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText("Connected & Authenticated")).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem("authToken"));
  expect(token).toMatch(/^ey/);
  // After a reload the stored token is held from the start, so every call may carry it.
  const seen: Promise<[string, string | undefined]>[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/v1/"))
      seen.push(r.allHeaders().then((h) => [url.pathname, h.authorization]));
  });
  await page.reload();
  await expect(cards(page)).toHaveCount(12);
  await card(page, E2E.bridge.topic).getByRole("tab", { name: "AI & Community Analysis" }).click();
  await expect(card(page, E2E.bridge.topic).getByTestId("provider-footer")).toBeVisible();
  await searchFor(page, E2E.searchWord);
  await expect(page.getByTestId("search-status")).toBeVisible();
  await expect(card(page, E2E.bridge.topic)).toBeVisible();
  const sent = new Map(await Promise.all(seen));
  for (const path of [
    "/api/v1/comparison-cards",
    "/api/v1/comparison-cards/options",
    "/api/v1/analysis/provider",
    "/api/v1/search",
  ]) {
    expect([path, sent.get(path)]).toEqual([path, `Bearer ${token}`]);
  }
});

test("without a session the on-demand check neither logs in again nor asks for generation", async ({
  page,
}) => {
  const calls = recordApi(page);
  await page.route(api.login, (route) => serverError(route, "Login unavailable"));
  await page.goto("/");
  await selectPair(page, "Japan", "Science");
  await expect(page.getByTestId("warning-banner")).toHaveText(
    "Warning: No content available for selected filters - using demo data",
  );
  expect(calls.filter((c) => c === "POST /api/v1/auth/login")).toHaveLength(1);
  expect(calls).not.toContain("POST /api/v1/comparison-cards/generate/on-demand");
  await expect(page.getByText("Connecting...")).toBeVisible();
});

test("the page goes idle once the feed is shown (no render loop)", async ({ page, context }) => {
  await page.goto("/");
  await expect(cards(page)).toHaveCount(12);
  await page.waitForTimeout(1000);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const busy = async () =>
    (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration")!.value;
  // A quiet page spends a few milliseconds of two seconds on the main thread; a loop, all of them,
  // in every window. Work the page defers to idle time (the filter panel's code) or another
  // process's load can fill one window, so the quietest of three is the one judged.
  const windows: number[] = [];
  for (let i = 0; i < 3; i++) {
    const before = await busy();
    await page.waitForTimeout(2000);
    windows.push((await busy()) - before);
  }
  expect(Math.min(...windows)).toBeLessThan(0.5);
});

test("the card: header, bias bar, Source Comparison panels and footer", PHONE_TOO, async ({ page }, info) => {
  await page.goto("/");
  const bridge = card(page, E2E.bridge.topic);
  await expect(bridge.getByText("General News")).toBeVisible();
  await expect(bridge.getByText("AI Analysis Available")).toBeVisible();
  await expect(bridge.getByText("3 Sources")).toBeVisible();
  await expect(bridge.locator("time").first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/);
  await expect(bridge.getByTestId("bias-bar")).toContainText("Center-left 1");
  await expect(bridge.getByTestId("bias-bar")).toContainText(
    "Ratings: Editorial rating (project's known-sources list, 3-point scale)",
  );
  await expect(bridge.getByTestId("blindspot")).toHaveCount(0);
  await expect(card(page, "Rail workers announce a two-day strike").getByTestId("blindspot")).toHaveText(
    "Blindspot: no center-right outlet",
  );

  await expect(bridge.getByRole("tab", { name: "Source Comparison" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(
    bridge.getByRole("tab", { name: "AI & Community Analysis" }).getByTestId("analysis-pulse"),
  ).toBeVisible();
  await expect(bridge.getByRole("tab", { name: "Community Insights" })).toBeVisible();

  const panels = bridge.getByTestId("article-panel");
  await expect(panels).toHaveCount(3);
  const bbc = panels.first();
  await expect(bbc).toContainText("BBC News");
  await expect(bbc).toContainText("Europe");
  await expect(bbc).toContainText("Rated center");
  // Not analysed yet: the bias and sentiment slots say so rather than show placeholders.
  await expect(bbc.getByTestId("bias-label")).toHaveText("Bias not analysed yet");
  await expect(bbc.getByTestId("sentiment")).toHaveText("Sentiment not analysed yet");
  await expect(bbc.getByRole("heading", { level: 3 })).toHaveText(E2E.bridge.articles[0].title);
  await expect(bbc).toContainText(E2E.bridge.articles[0].summary);
  await bbc.getByText("Content Info").click();
  await expect(bbc.getByTestId("content-info")).toContainText(
    "The RSS feed holds all available content for this article.",
  );
  await expect(bbc.getByRole("link", { name: "Read the full article on BBC News" })).toHaveAttribute(
    "href",
    /example\.com\/e2e/,
  );
  const original = bbc.getByRole("link", { name: /Original Source/ });
  await expect(original).toHaveAttribute("target", "_blank");
  await expect(original).toHaveAttribute("rel", "noopener noreferrer");

  await expect(bridge.getByText("Multiple perspectives analyzed")).toBeVisible();
  await expect(bridge.getByRole("button", { name: "Share" })).toBeVisible();
  // No real like or comment counts on stored cards: no toggles.
  await expect(bridge.getByTestId("like-toggle")).toHaveCount(0);
  await bridge.scrollIntoViewIfNeeded();
  await shot(page, info, "card");
});

test(
  "a card the clustering is unsure of says so in plain words; the others do not",
  PHONE_TOO,
  async ({ page }) => {
    await page.goto("/");
    const wildfire = card(page, "Wildfire forces evacuations near the coast");
    await expect(wildfire.getByTestId("low-confidence")).toHaveText(
      "Low confidence: these reports share few details and may not all describe the same event.",
    );
    await expect(card(page, E2E.bridge.topic).getByTestId("low-confidence")).toHaveCount(0);
    await expectAccessible(page, "low-confidence card");
  },
);

test(
  "Load More: 12 per page, then the rest; the button leaves when no page remains",
  PHONE_TOO,
  async ({ page }, info) => {
    await page.goto("/");
    await expect(cards(page)).toHaveCount(12);
    const label = isPhone(info) ? "Load More" : "Load More News Comparisons";
    const button = page.getByRole("button", { name: label, exact: true });
    await expect(button).toBeVisible();
    // 'Articles: {total}' counts the whole selection, not the page shown: Load More leaves it be.
    const articles = (await page
      .getByTestId("stats-bar")
      .getByText(/^Articles: \d+$/)
      .textContent())!;
    await page.route(api.cards, delayed(1200));
    await button.click();
    await expect(page.getByRole("button", { name: "Loading More News..." })).toBeDisabled();
    await shot(page, info, "loading-more");
    await expect(cards(page)).toHaveCount(E2E.landingCount);
    await expect(card(page, E2E.secondPageTopics[0])).toBeVisible();
    await expect(page.getByRole("button", { name: label, exact: true })).toHaveCount(0);
    await expect(page.getByTestId("stats-bar")).toContainText(articles);
  },
);

test("load-more failure keeps the list and shows 'Failed to load more news. Please try again.'", async ({
  page,
}, info) => {
  let n = 0;
  await page.route(api.cards, (route) => (++n >= 2 ? serverError(route) : route.continue()));
  await page.goto("/");
  await expect(cards(page)).toHaveCount(12);
  await page
    .getByRole("button", { name: isPhone(info) ? "Load More" : "Load More News Comparisons", exact: true })
    .click();
  const banner = page.getByTestId("warning-banner");
  await expect(banner).toHaveText("Warning: Failed to load more news. Please try again.");
  await expect(cards(page)).toHaveCount(12);
  await shot(page, info, "load-more-error");
});

test(
  "Load More on a country/category selection: a failed pair keeps the list and shows the error",
  PHONE_TOO,
  async ({ page }, info) => {
    await page.route(api.onDemand, (route) => route.abort()); // India / General on the way is empty
    await page.goto("/");
    await selectPair(page, "India", "Sports");
    await expect(cards(page)).toHaveCount(12);
    const label = isPhone(info) ? "Load More" : "Load More News Comparisons";
    await page.route(api.cards, (route) => serverError(route));
    await page.getByRole("button", { name: label, exact: true }).click();
    await expect(page.getByTestId("warning-banner")).toHaveText(
      "Warning: Failed to load more news. Please try again.",
    );
    await expect(cards(page)).toHaveCount(12);
    await expect(card(page, E2E.sports[0].topic)).toBeVisible();
    await shot(page, info, "load-more-pair-error");
    await expectAccessible(page, "load-more error", "[data-testid=warning-banner]");
    // With the server back, the same button shows the rest.
    await page.unroute(api.cards);
    await page.getByRole("button", { name: label, exact: true }).click();
    await expect(cards(page)).toHaveCount(E2E.sports.length);
    await expect(page.getByTestId("warning-banner")).toHaveCount(0);
  },
);

test("loading state: 'Analyzing News Sources'", async ({ page }, info) => {
  await page.route(api.cards, delayed(2000));
  await page.goto("/");
  const loading = page.getByTestId("loading-state");
  await expect(loading).toContainText("Analyzing News Sources");
  await expect(loading).toContainText("Comparing perspectives and generating insights...");
  await shot(page, info, "loading");
  await expect(cards(page)).toHaveCount(12);
});

test(
  "when not even the demo data loads: 'Error Loading News', and Try Again loads the feed",
  PHONE_TOO,
  async ({ page }, info) => {
    for (const m of [api.login, api.options, api.cards]) await page.route(m, (route) => route.abort());
    // The built-in demo comparison is a chunk loaded on demand: gone too (server unreachable,
    // or a deploy removed the old chunks). Every other chunk passes.
    await page.route("**/_next/static/chunks/*.js", async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes("Global Climate Summit Reaches Agreement")) await route.abort();
      else await route.fulfill({ response });
    });
    await page.goto("/");
    const error = page.getByTestId("error-state");
    await expect(error).toContainText("Error Loading News");
    await expect(error).toContainText("Failed to load news. Please try again later.");
    await expect(page.getByTestId("loading-state")).toHaveCount(0);
    await shot(page, info, "error-first-load");
    await expectAccessible(page, "error state", "[data-testid=error-state]");
    await page.unrouteAll({ behavior: "wait" });
    await error.getByRole("button", { name: "Try Again" }).click();
    await expect(cards(page)).toHaveCount(12);
  },
);

test("Refresh: 'Refreshing...' while it reloads page 1, then 'Updated: Just now'", async ({ page }, info) => {
  const calls = recordApi(page);
  await page.goto("/");
  await expect(cards(page)).toHaveCount(12);
  await page
    .getByRole("button", { name: isPhone(info) ? "Load More" : "Load More News Comparisons", exact: true })
    .click();
  await expect(cards(page)).toHaveCount(E2E.landingCount);
  await page.route(api.cards, delayed(1200));
  const before = calls.length;
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  await expect(page.getByRole("button", { name: "Refreshing..." })).toBeDisabled();
  await shot(page, info, "refreshing");
  await expect(page.getByRole("button", { name: "Refresh", exact: true })).toBeEnabled();
  expect(calls.slice(before)).toContain("GET /api/v1/comparison-cards?limit=100");
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByTestId("stats-bar")).toContainText("Updated: Just now");
});

test(
  "backend error on page 1: demo data with 'Backend error: {message} - using demo data'",
  PHONE_TOO,
  async ({ page }, info) => {
    await page.route(api.cards, (route) => serverError(route, "Database unavailable"));
    await page.goto("/");
    await expect(page.getByTestId("warning-banner")).toHaveText(
      "Warning: Backend error: Database unavailable - using demo data",
    );
    await expect(cards(page)).toHaveCount(1);
    const demo = cards(page).first();
    await expect(demo.getByRole("heading", { level: 2 })).toHaveText(
      "Global Climate Summit Reaches Agreement on Emissions Targets",
    );
    await expect(demo.getByTestId("demo-marker")).toHaveText("Demo data");
    await expect(page.getByTestId("demo-notice")).toContainText("built-in example comparison");
    await expect(demo.getByTestId("article-panel")).toHaveCount(3);
    await shot(page, info, "demo-backend-error");
    // The full-content rule: the Reuters article holds more than its summary.
    const reuters = demo.getByTestId("article-panel").nth(1);
    await reuters.getByText("Read Full Content").click();
    await expect(reuters.getByTestId("full-content")).toContainText("Negotiators from nearly 200 countries");
    await shot(page, info, "full-content");

    // The demo card carries counts, so its footer has the views count and the local like and comment toggles.
    await expect(demo.getByTestId("views-count")).toHaveText("1,283 views");
    await expectAccessible(page, "demo card footer", "[data-testid=comparison-card] footer");
    const like = demo.getByTestId("like-toggle");
    await expect(like).toHaveText(/24/);
    await like.click();
    await expect(like).toHaveText(/25/);
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await like.click();
    await expect(like).toHaveText(/24/);
    await demo.getByTestId("comment-toggle").click();
    const input = demo.getByRole("textbox", { name: "Write a comment" });
    const submit = demo.getByRole("button", { name: "Comment", exact: true });
    await input.fill("   ");
    await expect(submit).toBeDisabled();
    await input.fill("  A fair summary.  ");
    await submit.click();
    await expect(demo.getByTestId("card-comments")).toContainText("Anonymous User: A fair summary.");
    await expect(demo.getByTestId("comment-toggle")).toHaveText(/4/);
  },
);

test("start-up failure: 'Failed to connect to backend. Using demo data.' and 'Connecting...'", async ({
  page,
}, info) => {
  for (const m of [api.login, api.options, api.cards]) await page.route(m, (route) => route.abort());
  await page.goto("/");
  await expect(page.getByTestId("warning-banner")).toHaveText(
    "Warning: Failed to connect to backend. Using demo data.",
  );
  await expect(page.getByText("Connecting...")).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await shot(page, info, "demo-startup-failure");
});

test("options failure: the built-in lists are used and the status stays 'Connecting...'", async ({
  page,
}) => {
  await page.route(api.options, (route) => route.abort());
  await page.goto("/");
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByText("Connecting...")).toBeVisible();
  await openFilters(page);
  for (const name of ["Italy", "South Korea", "South Africa", "United Arab Emirates", "Argentina"]) {
    await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
  }
});

test("the filter button names an element that exists while the panel's code still loads", async ({
  page,
}) => {
  // The panel's code (its chunk holds the country note's test id) arrives 1.5 s late.
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes("country-meaning")) await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fulfill({ response, body });
  });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: /^News Sources/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const controlled = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
  await expect(controlled).toHaveText("Loading…");
  await expectAccessible(page, "filters loading", 'section[aria-labelledby="page-title"]');
  await expect(page.getByRole("tab", { name: "Countries (1)" })).toBeVisible();
  await expect(controlled).toHaveCount(1);
});

test(
  "filters: panel, tabs, regions, chips, pairs fetched independently, Clear and Defaults",
  PHONE_TOO,
  async ({ page }, info) => {
    const calls = recordApi(page);
    await page.goto("/");
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByRole("button", { name: "News Sources 1 countries • 1 categories" })).toBeVisible();
    await openFilters(page);
    if (isPhone(info)) await expect(page.getByTestId("filter-backdrop")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Countries (1)" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Categories (1)" })).toBeVisible();
    for (const group of [
      "🌎 North America (2)",
      "🌍 Europe (4)",
      "🌏 Asia (3)",
      "🏝️ Oceania (1)",
      "🌍 Africa (1)",
      "🕌 Middle East (1)",
      "🌎 Latin America (3)",
    ]) {
      await expect(page.getByText(group, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Remove United States" })).toBeVisible();
    await expect(
      page.getByRole("button", { name: isPhone(info) ? "Clear All" : "Clear", exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole("button", { name: isPhone(info) ? "US + General" : "Defaults", exact: true }),
    ).toBeVisible();
    await shot(page, info, "filters-countries");

    await page.getByRole("tab", { name: "Categories (1)" }).click();
    await expect(page.getByRole("button", { name: "General News", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    calls.length = 0;
    await page.getByRole("button", { name: "Technology", exact: true }).click();
    await expect(page.getByRole("tab", { name: "Categories (2)" })).toBeVisible();
    await shot(page, info, "filters-categories");
    await closeFilters(page);
    await expect(page.getByRole("button", { name: /1 countries • 2 categories/ })).toBeVisible();
    await expect(page.getByTestId("status-line")).toContainText("1 countries, 2 categories");
    await expect(card(page, E2E.technology[0].topic)).toBeVisible();
    await expect(card(page, E2E.bridge.topic)).toBeVisible();
    await expect(cards(page)).toHaveCount(5);
    expect(calls.filter((c) => c.startsWith("GET /api/v1/comparison-cards?")).sort()).toEqual([
      "GET /api/v1/comparison-cards?country=us&category=technology&limit=50",
      "GET /api/v1/comparison-cards?country=us&limit=50",
    ]);

    // One failing pair does not stop the other.
    await page.route(
      (url) => api.cards(url) && url.searchParams.get("category") === "technology",
      (route) => serverError(route),
    );
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await expect(card(page, E2E.technology[0].topic)).toHaveCount(0);
    await expect(cards(page)).toHaveCount(3);
    await page.unroute((url) => api.cards(url) && url.searchParams.get("category") === "technology");

    // Clear: no country, no fetch, the empty prompt; its button restores US + General.
    await openFilters(page);
    calls.length = 0;
    await page.getByRole("button", { name: isPhone(info) ? "Clear All" : "Clear", exact: true }).click();
    await closeFilters(page);
    await expect(page.getByText("Please select at least one country to view news.")).toBeVisible();
    expect(calls.filter((c) => c.startsWith("GET /api/v1/comparison-cards?"))).toEqual([]);
    await shot(page, info, "empty-no-country");
    await page.getByRole("button", { name: "Select US + General" }).click();
    await expect(cards(page)).toHaveCount(12);

    // Defaults after another selection.
    await openFilters(page);
    await page.getByRole("tab", { name: "Countries (1)" }).click();
    await page.getByRole("button", { name: "United Kingdom", exact: true }).click();
    await expect(page.getByRole("button", { name: "Remove United Kingdom" })).toBeVisible();
    await page
      .getByRole("button", { name: isPhone(info) ? "US + General" : "Defaults", exact: true })
      .click();
    await expect(page.getByRole("tab", { name: "Countries (1)" })).toBeVisible();
    await closeFilters(page);
    await expect(cards(page)).toHaveCount(12);
  },
);

test("going back to an earlier selection fetches it again", async ({ page }) => {
  const calls = recordApi(page);
  const landingCalls = () => calls.filter((c) => c === "GET /api/v1/comparison-cards?limit=100").length;
  await page.goto("/");
  await expect(cards(page)).toHaveCount(12);
  expect(landingCalls()).toBe(1);
  await openFilters(page);
  await page.getByRole("tab", { name: "Categories (1)" }).click();
  await page.getByRole("button", { name: "Technology", exact: true }).click();
  await expect(cards(page)).toHaveCount(5);
  await page.getByRole("button", { name: "Technology", exact: true }).click();
  await expect.poll(landingCalls).toBe(2);
  await closeFilters(page);
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByTestId("stats-bar")).toContainText("Updated: Just now");
});

test("phone: the filter panel is a full-screen drawer over a backdrop", PHONE_TOO, async ({ page }, info) => {
  test.skip(!isPhone(info), "phone only");
  await page.goto("/");
  await openFilters(page);
  const drawer = page.getByRole("region", { name: "News source filters" });
  const box = (await drawer.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box).toMatchObject({ x: 0, y: 0 });
  expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);
  expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
  await expect(page.getByTestId("filter-backdrop")).toBeAttached();
  await shot(page, info, "filters-drawer");
  await expectAccessible(page, "drawer", "#filter-panel");
  await page.getByRole("button", { name: "Close filters" }).click();
  await expect(drawer).toHaveCount(0);
  await openFilters(page);
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
});

test(
  "a country without a category: 'No news comparisons available at the moment.'",
  PHONE_TOO,
  async ({ page }, info) => {
    await page.goto("/");
    await expect(cards(page)).toHaveCount(12);
    await openFilters(page);
    await page.getByRole("tab", { name: "Categories (1)" }).click();
    await page.getByRole("button", { name: "General News", exact: true }).click();
    await closeFilters(page);
    await expect(page.getByText("No news comparisons available at the moment.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Refresh News" })).toBeVisible();
    await shot(page, info, "empty-no-content");
    await expectAccessible(page, "empty state", "[data-testid=empty-state]");
    // Refresh News loads General News for the selected country.
    await page.getByRole("button", { name: "Refresh News" }).click();
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByTestId("status-line")).toContainText("1 countries, 1 categories");
  },
);

test("an empty pair: on-demand generation is asked for, then demo data with the empty message", async ({
  page,
}, info) => {
  const calls = recordApi(page);
  await page.route(api.onDemand, (route) => route.abort());
  await page.goto("/");
  await selectPair(page, "Japan", "Science");
  await expect(page.getByTestId("warning-banner")).toHaveText(
    "Warning: No content available for selected filters - using demo data",
  );
  expect(calls).toContain("POST /api/v1/comparison-cards/generate/on-demand");
  await shot(page, info, "demo-empty");
});

test("the server's demo snapshot is marked 'Demo data'", async ({ page }, info) => {
  await page.goto("/");
  await selectPair(page, "Canada", "Health");
  await expect(card(page, E2E.demo.topic).getByTestId("demo-marker")).toHaveText("Demo data");
  await expect(page.getByTestId("demo-notice")).toContainText("bundled demo snapshot");
  await shot(page, info, "server-demo");
});

test("feed text is shown as text, never as markup", async ({ page }) => {
  let alerted = false;
  page.on("dialog", (d) => {
    alerted = true;
    void d.dismiss();
  });
  await page.goto("/");
  await selectPair(page, "Germany", "Science");
  const markup = card(page, E2E.markup.topic);
  await expect(markup).toBeVisible();
  await expect(markup.getByRole("heading", { level: 3 }).first()).toHaveText(E2E.markup.articles[0].title);
  await expect(markup.locator("img, b, script, i, em")).toHaveCount(0);
  expect(alerted).toBe(false);
});

test(
  "search: the story cards holding the topic, most outlets first; not found; failure with Try Again",
  PHONE_TOO,
  async ({ page }, info) => {
    await page.goto("/");
    await expect(cards(page)).toHaveCount(12);
    await searchFor(page, E2E.searchWord);
    // "harbour": the bridge story (three outlets) before the ferry's (two), and no loose article.
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).first().getByRole("heading", { level: 2 })).toHaveText(E2E.bridge.topic);
    await expect(cards(page).nth(1).getByRole("heading", { level: 2 })).toHaveText(
      "Ferry service resumes after storm damage",
    );
    await expect(page.getByRole("button", { name: /Load More/ })).toHaveCount(0);
    await shot(page, info, "search-results");

    await searchFor(page, "volcano eruption");
    await expect(page.getByTestId("search-empty")).toContainText(
      'No articles found for "volcano eruption" in any country',
    );

    await page.route(api.search, (route) => route.abort());
    await searchFor(page, "bridge");
    const error = page.getByTestId("error-state");
    await expect(error).toContainText('Failed to search for "bridge". Please try again.');
    await shot(page, info, "error");
    await page.unroute(api.search);
    await error.getByRole("button", { name: "Try Again" }).click();
    await expect(card(page, E2E.bridge.topic)).toBeVisible();

    await page.getByTestId("search-status").getByRole("button", { name: "Back to the feed" }).click();
    await expect(cards(page)).toHaveCount(12);
  },
);

test(
  "search: a loose article alone says why it cannot be analysed; every country is searched",
  PHONE_TOO,
  async ({ page }, info) => {
    await page.goto("/");
    await expect(cards(page)).toHaveCount(12);
    // Fox News' glacier report is in no story; the four-outlet glacier story (Italy) comes first.
    await searchFor(page, "glacier");
    const result = card(page, "Global Perspectives: glacier");
    await expect(result.getByTestId("article-panel")).toHaveCount(1);
    await expect(result.getByText("AI Analysis Available")).toHaveCount(0);
    await expect(result.getByTestId("analysis-pulse")).toHaveCount(0);
    await result.getByRole("tab", { name: "AI & Community Analysis" }).click();
    await expect(result.getByTestId("analysis-unavailable")).toContainText("two or more articles");
    await expect(result.getByRole("button", { name: "Start AI Analysis" })).toHaveCount(0);
    await shot(page, info, "search-single-result");
    await expectAccessible(page, "one-article card", "[data-testid=comparison-card]");

    const calls = recordApi(page);
    await searchFor(page, E2E.singleResultWord);
    await expect(card(page, E2E.technology[1].topic)).toBeVisible();
    expect(calls.filter((c) => c.startsWith("GET /api/v1/search"))).toEqual([
      `GET /api/v1/search?q=${E2E.singleResultWord}&limit=10`,
    ]);
  },
);

test("Share copies the story's link and says 'Link copied to clipboard!'", async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => {
    // The clipboard path of docs/product.md §7: no share sheet.
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
  });
  await page.goto("/");
  await card(page, E2E.bridge.topic).getByRole("button", { name: "Share" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Link copied to clipboard!");
  // The link opens the story's own page, not the feed.
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    new URL(`/stories/${E2E.bridge.id}`, page.url()).href,
  );
  await shot(page, info, "share-copied");
});

test("a stored card's topic opens its story page; the coverage line says who reported it first", async ({
  page,
}) => {
  await page.goto("/");
  const bridge = card(page, E2E.bridge.topic);
  // The seeded reports are ten minutes apart, the card's last one (the Wall Street Journal's) first.
  await expect(bridge.getByTestId("coverage-line")).toHaveText(
    "First reported by Wall Street Journal 1 h ago · 3 outlets in 20 min",
  );
  await bridge.getByRole("link", { name: E2E.bridge.topic }).click();
  await expect(page).toHaveURL(new RegExp(`/stories/${E2E.bridge.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: E2E.bridge.topic })).toBeVisible();
});
