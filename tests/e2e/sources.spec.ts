import { expect, test, type Page } from "@playwright/test";
import { E2E } from "@/tests/fixtures/e2e-stories";
import { PHONE_TOO, expectAccessible, shot } from "./helpers";

/** Issue 26: a page per outlet, the paywall badge on every article panel, and links to the pages. */

const cards = (page: Page) => page.getByTestId("comparison-card");
const card = (page: Page, topic: string) =>
  cards(page).filter({ has: page.getByRole("heading", { name: topic, exact: true }) });

test("the server renders an outlet's page: facts, ownership, paywall, feeds, coverage and preview meta", async ({
  request,
}) => {
  const res = await request.get("/sources/bbc-news", {
    headers: { "user-agent": "Slackbot-LinkExpanding 1.0" },
  });
  expect(res.status()).toBe(200);
  const html = await res.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const canonical = new URL("/sources/bbc-news", res.url()).href;
  expect(head).toContain(
    "<title>BBC News: ownership, funding and coverage | Global Multi-Source News Analysis</title>",
  );
  expect(head).toMatch(
    /<meta name="description" content="BBC News is a public broadcaster \(The BBC, [^"]+\), rated center\./,
  );
  expect(head).toContain(`<link rel="canonical" href="${canonical}"/>`);
  expect(head).toContain(`<meta property="og:url" content="${canonical}"/>`);
  expect(head).toContain('<meta property="og:title" content="BBC News: ownership, funding and coverage"/>');
  const body = html.slice(html.indexOf("</head>"));
  expect(body).toMatch(/<h1[^>]*>.*BBC News<\/h1>/);
  expect(body).toContain("licence fee");
  expect(body).toContain("As of 2025-06-01");
  expect(body).toContain("Free to read");
  expect(body).toContain(E2E.bridge.topic);
  expect(body).toContain("Rated by: Editorial rating");
});

test("an unknown outlet is the 404 page", async ({ page }) => {
  const res = await page.goto("/sources/no-such-outlet");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Outlet not found" })).toBeVisible();
});

test(
  "the outlet page: ownership, paywall, feeds, what it covered and left out, accessible",
  PHONE_TOO,
  async ({ page }, info) => {
    await page.goto("/sources/wall-street-journal");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wall Street Journal");
    const ownership = page.getByTestId("ownership");
    await expect(ownership).toContainText("listed company");
    await expect(ownership).toContainText("News Corp");
    await expect(ownership.getByTestId("paywall-badge")).toHaveText("Paywall");
    await expect(page.getByTestId("feed-row")).toHaveCount(3);
    const covered = page.getByTestId("covered-story").filter({ hasText: E2E.bridge.topic });
    await expect(covered).toContainText("2 other outlets");
    await expect(covered).toContainText("reported first");
    await expect(page.getByTestId("left-out")).toBeVisible();
    await expectAccessible(page, "outlet page");
    await shot(page, info, "outlet-page", true);
    await covered.getByRole("link").click();
    await expect(page).toHaveURL(`/stories/${E2E.bridge.id}`);
  },
);

test("an outlet without a feed says why", async ({ page }) => {
  await page.goto("/sources/reuters");
  await expect(page.getByTestId("unavailable")).toContainText("2020");
});

test(
  "every article panel carries its outlet's paywall badge, and outlet names link to their pages",
  PHONE_TOO,
  async ({ page }, info) => {
    await page.goto("/");
    const bridge = card(page, E2E.bridge.topic);
    const panels = bridge.getByTestId("article-panel");
    await expect(panels).toHaveCount(3);
    for (const panel of await panels.all()) await expect(panel.getByTestId("paywall-badge")).toHaveCount(1);
    await expect(panels.filter({ hasText: "Wall Street Journal" }).getByTestId("paywall-badge")).toHaveText(
      "Paywall",
    );
    await expect(panels.filter({ hasText: "CNN" }).getByTestId("paywall-badge")).toHaveText(
      "Metered paywall",
    );
    await expect(panels.filter({ hasText: "BBC News" }).getByTestId("paywall-badge")).toHaveText(
      "Free to read",
    );
    await expect(
      bridge.getByTestId("coverage-line").getByRole("link", { name: "Wall Street Journal" }),
    ).toHaveAttribute("href", "/sources/wall-street-journal");
    await expectAccessible(page, "card with paywall badges", '[data-testid="comparison-card"]');
    await shot(page, info, "paywall-badges");
    await bridge.getByTestId("outlet-link").filter({ hasText: "BBC News" }).click();
    await expect(page).toHaveURL("/sources/bbc-news");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("BBC News");
  },
);

test("the story page's timeline names each outlet with a link to its page", async ({ page }) => {
  await page.goto(`/stories/${E2E.bridge.id}`);
  const links = page.getByTestId("coverage-timeline").getByTestId("outlet-link");
  await expect(links).toHaveCount(3);
  await expect(links.filter({ hasText: "CNN" })).toHaveAttribute("href", "/sources/cnn");
  const panel = page.getByTestId("article-panel").filter({ hasText: "Wall Street Journal" });
  await expect(panel.getByTestId("paywall-badge")).toHaveText("Paywall");
});
