import { expect, test, type Locator, type Page } from "@playwright/test";
import { E2E } from "@/tests/fixtures/e2e-stories";
import { PHONE_TOO, api, delayed, expectAccessible, isPhone, shot } from "./helpers";

/**
 * Issue 33: what the page claims is true. Each article's own time, status words beside the
 * product contract's labels, outlet marks apart from the bias colours, a community preview that
 * says it is an example, stories in other selections one tap away, search over story cards, the
 * site's own 404, outlet counts that agree, and when the reading balance started. On the seeded
 * database (the demo world of a fresh server is tests/e2e/first-start-offline.spec.ts).
 */

const SITE = "Global Multi-Source News Analysis";
const cards = (page: Page) => page.getByTestId("comparison-card");
const card = (page: Page, topic: string) =>
  cards(page).filter({ has: page.getByRole("heading", { name: topic, exact: true }) });

async function searchFor(page: Page, topic: string) {
  const box = page.getByPlaceholder("Search topics...");
  await box.fill(topic);
  await box.press("Enter");
}

/** The bridge story as the API answers it: each article's own time by outlet. */
async function bridgeTimes(page: Page): Promise<{ byOutlet: Map<string, string>; first: string }> {
  const res = await page.request.get(`/api/v1/comparison-cards/${E2E.bridge.id}`);
  const { data } = (await res.json()) as {
    data: {
      articles: { source: { name: string }; publishedAt: string }[];
      coverage: { firstPublishedAt: string };
    };
  };
  return {
    byOutlet: new Map(data.articles.map((a) => [a.source.name, a.publishedAt])),
    first: data.coverage.firstPublishedAt,
  };
}

interface ArticleSchema {
  required: string[];
  properties: { publishedAt: { description?: string } };
}

/** Every value under `key` anywhere in a JSON document. */
function findAll(node: unknown, key: string): unknown[] {
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) => [...(k === key ? [v] : []), ...findAll(v, key)]);
}

/** Whether an sRGB colour is a grey (no hue to mistake for the bias legend's blue or red). */
function isGrey([r, g, b]: number[]): boolean {
  return Math.max(r, g, b) - Math.min(r, g, b) <= 24;
}

/**
 * Every outlet mark inside `scope` (and any coloured dot drawn the way marks were before), as
 * sRGB: the browser paints each mark's colour on a canvas and reads the pixel back.
 */
async function markColours(scope: Locator): Promise<number[][]> {
  const marks = scope.locator('[data-testid="outlet-mark"], span[aria-hidden="true"][style*="background"]');
  await expect(marks.first()).toBeAttached();
  return marks.evaluateAll((els) =>
    els.map((e) => {
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.fillStyle = getComputedStyle(e).backgroundColor;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    }),
  );
}

test("every article shows its own time on the feed; the first reporter is the earliest panel's", async ({
  page,
}) => {
  const { byOutlet, first } = await bridgeTimes(page);
  await page.goto("/");
  const panels = card(page, E2E.bridge.topic).getByTestId("article-panel");
  await expect(panels).toHaveCount(3);
  const shown = new Map<string, string>();
  for (const panel of await panels.all()) {
    const outlet = (await panel.getByTestId("outlet-link").textContent())!.trim();
    shown.set(outlet, (await panel.locator("time").getAttribute("datetime"))!);
  }
  expect(shown).toEqual(byOutlet);
  const earliest = [...shown].sort((a, b) => Date.parse(a[1]) - Date.parse(b[1]))[0];
  expect(earliest[1]).toBe(first);
  await expect(card(page, E2E.bridge.topic).getByTestId("coverage-line")).toContainText(
    `First reported by ${earliest[0]}`,
  );
});

test("a story page's date is its first report's", async ({ page }) => {
  const { first } = await bridgeTimes(page);
  await page.goto(`/stories/${E2E.bridge.id}`);
  await expect(page.getByTestId("comparison-card").locator("header time").first()).toHaveAttribute(
    "datetime",
    first,
  );
});

test("the API's related articles carry their own time, and the OpenAPI document says so", async ({
  request,
}) => {
  const list = await (await request.get("/api/v1/comparison-cards")).json();
  const bridge = list.data.comparisonCards.find((c: { cardId: string }) => c.cardId === E2E.bridge.id);
  const times = bridge.relatedArticles.map((a: { publishedAt: string }) => a.publishedAt);
  expect(times).toHaveLength(2);
  for (const t of times) expect(t).not.toBe(bridge.createdAt);
  // Every answer naming related articles (the list, one card, the feeds' sources) describes their time.
  const doc = await (await request.get("/api/v1/openapi.json")).json();
  const related = findAll(doc, "relatedArticles") as { items: ArticleSchema }[];
  expect(related.length).toBeGreaterThan(0);
  for (const r of related) {
    expect(r.items.required).toContain("publishedAt");
    expect(r.items.properties.publishedAt.description).toMatch(/^When this article was published.*own time/);
  }
});

test("before an analysis a panel says its bias and sentiment are not analysed; after one it shows them", async ({
  page,
}, info) => {
  await page.goto("/");
  const bridge = card(page, E2E.bridge.topic);
  const panel = bridge.getByTestId("article-panel").first();
  await expect(panel.getByTestId("sentiment")).toHaveText("Sentiment not analysed yet");
  await expect(panel.getByTestId("bias-label")).toHaveText("Bias not analysed yet");
  await expect(panel).not.toContainText("Neutral");
  await shot(page, info, "panel-not-analysed");
  await bridge.getByRole("tab", { name: "AI & Community Analysis" }).click();
  await bridge.getByRole("button", { name: "Start AI Analysis" }).click();
  await expect(bridge.getByTestId("analysis-result")).toBeVisible();
  await bridge.getByRole("tab", { name: "Source Comparison" }).click();
  await expect(panel.getByTestId("sentiment")).toHaveText(/^(😊|😟|😐) (Positive|Negative|Neutral)$/);
  await expect(panel.getByTestId("bias-label")).toHaveText(/Neutral|Slight|Leaning/);
});

test("the intro and progress texts name the built-in text comparison when no model is configured", async ({
  page,
}, info) => {
  await page.route(api.analysis, delayed(1500));
  await page.goto("/");
  await expect(page.getByTestId("hero-analyzer")).toContainText("built-in text comparison");
  await expect(page.getByTestId("hero-intro")).not.toContainText("AI-powered");
  const bridge = card(page, E2E.bridge.topic);
  await bridge.getByRole("tab", { name: "AI & Community Analysis" }).click();
  await expect(bridge.getByTestId("analysis-intro")).toContainText("built-in text comparison");
  // The product contract's label stays.
  await bridge.getByRole("button", { name: "Start AI Analysis" }).click();
  await expect(bridge.getByTestId("analysis-step")).toHaveText(
    "Sending articles to the built-in text comparison...",
  );
  await expect(bridge.getByTestId("analysis-progress")).not.toContainText("backend AI");
  await shot(page, info, "progress-text-comparison");
  await expect(bridge.getByTestId("analysis-result")).toBeVisible();
});

test("with demo cards shown the badge area says so in words, beside the 'Live Analysis' label", async ({
  page,
}, info) => {
  await page.goto("/");
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByTestId("data-status")).toHaveCount(0);
  await page.getByRole("button", { name: /countries • \d+ categories/ }).click();
  await page.getByRole("button", { name: /^Remove United States/ }).click();
  await page.getByRole("button", { name: "Canada", exact: true }).click();
  await page.getByRole("tab", { name: /Categories/ }).click();
  await page.getByRole("button", { name: "General News", exact: true }).click();
  await page.getByRole("button", { name: "Health", exact: true }).click();
  const close = page.getByRole("button", { name: "Close filters" });
  if (await close.isVisible()) await close.click();
  await expect(card(page, E2E.demo.topic)).toBeVisible();
  const status = page.getByTestId("data-status");
  await expect(status).toHaveCount(2);
  for (const s of await status.all()) await expect(s).toHaveText("Demo data, not live news");
  await expect(page.getByText("Live Analysis", { exact: true })).toHaveCount(2);
  await shot(page, info, "badge-demo-words");
});

test("outlet marks are grey on the feed, a story page and an outlet page: colour means the bias rating", async ({
  page,
}) => {
  await page.goto("/");
  for (const c of await markColours(card(page, E2E.bridge.topic))) expect(isGrey(c), String(c)).toBe(true);
  await page.goto(`/stories/${E2E.bridge.id}`);
  for (const c of await markColours(page.getByTestId("coverage-timeline")))
    expect(isGrey(c), String(c)).toBe(true);
  for (const c of await markColours(page.getByTestId("comparison-card")))
    expect(isGrey(c), String(c)).toBe(true);
  await page.goto("/sources/cnn");
  for (const c of await markColours(page.getByTestId("source-profile").locator("h1"))) {
    expect(isGrey(c), String(c)).toBe(true);
  }
});

test(
  "the community preview says on its face that it is example data, with no figure about the story",
  PHONE_TOO,
  async ({ page }, info) => {
    await page.goto("/");
    const bridge = card(page, E2E.bridge.topic);
    await bridge.getByRole("tab", { name: "Community Insights" }).click();
    const preview = bridge.getByTestId("community-preview");
    await expect(preview).toBeVisible();
    await expect(preview.getByTestId("example-label")).toHaveText(
      "Example data, not about this story: how the community features will look.",
    );
    const text = (await preview.textContent()) ?? "";
    expect(text).not.toMatch(/\d/);
    expect(text).not.toContain("%");
    expect(text).not.toContain("adaptation fund");
    // The layout stays: reactions, ratings, discussion, analytics.
    // (Inert and hidden from assistive technology: found by their text, not their role.)
    await expect(preview.locator("h3")).toHaveText([
      "Reactions",
      "Credibility",
      "Informativeness",
      "Discussion",
      "Community Analytics",
    ]);
    await bridge.scrollIntoViewIfNeeded();
    await shot(page, info, "community-example");
  },
);

test(
  "landing says how many stories wait in other categories and countries, one tap away",
  PHONE_TOO,
  async ({ page }, info) => {
    await page.goto("/");
    await expect(cards(page)).toHaveCount(12);
    const more = page.getByTestId("other-selections");
    await expect(more).toContainText("19 more stories in other categories and countries");
    await expect(more.getByRole("button")).toHaveText([
      /^Sports · India\s*13$/,
      /^Technology · United States\s*2$/,
      /^Business · United Kingdom\s*1$/,
      /^Health · Canada\s*1$/,
      /^Science · Germany\s*1$/,
      /^Science · Italy\s*1$/,
    ]);
    await shot(page, info, "landing-other-selections");
    await expectAccessible(page, "landing with other selections");
    await more.getByRole("button", { name: /Technology · United States/ }).click();
    await expect(cards(page)).toHaveCount(2);
    for (const s of E2E.technology) await expect(card(page, s.topic)).toBeVisible();
    await expect(page.getByTestId("other-selections")).toHaveCount(0);
  },
);

test("the filter chip names what the landing view requests, and the panel says what a country means", async ({
  page,
}, info) => {
  await page.goto("/");
  await page.getByRole("button", { name: /countries • \d+ categories/ }).click();
  const chips = page.getByRole("list", { name: "Selected countries" });
  await expect(chips).toContainText(
    "Landing view: United States, United Kingdom, Canada, Australia, Germany, France",
  );
  const meaning = page.getByTestId("country-meaning");
  await expect(meaning).toContainText("an outlet based there");
  await expect(meaning).toContainText("name the country");
  await shot(page, info, "filter-chip-landing");
  // Another selection: its own countries, and any beyond the three fetched said to be left out.
  for (const name of ["United Kingdom", "Canada", "Germany"]) {
    await page.getByRole("button", { name, exact: true }).click();
  }
  await expect(chips.getByRole("button")).toHaveText([
    /United States/,
    /United Kingdom/,
    /Canada/,
    /Germany \(not fetched: at most 3 countries\)/,
  ]);
});

test("search finds story cards in every country and category, a four-outlet card before a fragment", async ({
  page,
}, info) => {
  await page.goto("/");
  await expect(cards(page)).toHaveCount(12);
  await searchFor(page, "glacier");
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first().getByRole("heading", { level: 2 })).toHaveText(E2E.glacier.topic);
  await expect(cards(page).first()).toContainText("4 Sources");
  await expect(cards(page).nth(1).getByRole("heading", { level: 2 })).toHaveText(
    "Global Perspectives: glacier",
  );
  await expect(cards(page).nth(1)).toContainText("Fox News");
  await shot(page, info, "search-ranked");
});

test(
  "a search with no result is an empty state with a way back, and a long query wraps",
  PHONE_TOO,
  async ({ page }, info) => {
    await page.goto("/");
    await expect(cards(page)).toHaveCount(12);
    await searchFor(page, "volcano eruption");
    const empty = page.getByTestId("search-empty");
    await expect(empty).toContainText('No articles found for "volcano eruption" in any country');
    await expect(page.getByTestId("error-state")).toHaveCount(0);
    // Nothing announced as an alert (the router's empty announcer aside).
    await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
    await shot(page, info, "search-empty");
    await empty.getByRole("button", { name: "Back to the feed" }).click();
    await expect(cards(page)).toHaveCount(12);

    await searchFor(page, "W".repeat(100));
    await expect(page.getByTestId("search-empty")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, info, "search-long-query");
  },
);

test("unknown pages get the site's own 404, titled once", async ({ page, request }, info) => {
  for (const [path, title] of [
    ["/no/such/page", "Page not found"],
    [`/stories/no-such-story`, "Story not found"],
    ["/sources/no-such-outlet", "Outlet not found"],
  ]) {
    const res = await request.get(path);
    expect(res.status()).toBe(404);
    const titles = (await res.text()).match(/<title>[^<]*<\/title>/g);
    expect(titles, path).toEqual([`<title>${title} | ${SITE}</title>`]);
  }
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await shot(page, info, "not-found");
  await page.getByRole("link", { name: "Back to the feed" }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(cards(page)).toHaveCount(12);
});

test("an outlet page's counts agree: articles, feeds and the stories that hold them", async ({ page }) => {
  await page.goto("/sources/fox-news");
  const feeds = page.getByTestId("feeds");
  await expect(feeds).toContainText("1 article in the last 72 hours");
  await expect(feeds.getByTestId("feed-row").filter({ hasText: "General News" })).toContainText(
    "1 in the window",
  );
  const covered = page.getByTestId("covered");
  await expect(covered).toContainText("No story of the last 72 hours holds its 1 article");
  await expect(covered).toContainText("no other outlet's report was matched to it");

  await page.goto("/sources/wall-street-journal");
  await expect(page.getByTestId("feeds")).toContainText("1 article in the last 72 hours");
  await expect(page.getByTestId("covered")).toContainText(
    "1 story of the last 72 hours, holding its 1 article",
  );
});

test(
  "the reading balance says when it started recording and why; the session is said plainly",
  PHONE_TOO,
  async ({ page }, info) => {
    // Opened before the panel was ever shown: not recorded (consent first).
    await page.goto(`/stories/${E2E.bridge.id}`);
    await expect(page.getByTestId("comparison-card")).toBeVisible();
    await page.goto("/");
    await page.getByRole("button", { name: "Settings" }).click();
    const balance = page.getByTestId("reading-balance");
    await expect(balance.getByTestId("balance-since")).toContainText("Recording since");
    await expect(balance.getByTestId("balance-since")).toContainText(
      "stories opened before then are not counted",
    );
    await expect(balance.getByTestId("balance-count")).toHaveText("No stories opened in the last 30 days.");
    await expect(page.getByTestId("settings-session")).not.toContainText("public reader");
    await expect(page.getByTestId("settings-session")).toContainText("no account");
    if (!isPhone(info)) await shot(page, info, "settings-balance-since");
  },
);
