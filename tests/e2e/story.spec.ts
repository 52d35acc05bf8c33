import { expect, test, type Page } from "@playwright/test";
import { E2E } from "@/tests/fixtures/e2e-stories";
import { PHONE_TOO, expectAccessible, shot, shotOf } from "./helpers";

/** Issue 18: a page per story, rendered on the server, with its coverage over time. */

const storyUrl = (id: string) => `/stories/${id}`;
const storyCard = (page: Page) => page.getByTestId("comparison-card");

/** Fails the test on anything the page logs as an error (a hydration mismatch among them). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test("the server renders the story: card, articles, bias bar, timeline, title and preview meta", async ({
  request,
}) => {
  // A link-preview crawler runs no JavaScript: everything it needs is in the HTML.
  const res = await request.get(storyUrl(E2E.bridge.id), {
    headers: { "user-agent": "Slackbot-LinkExpanding 1.0" },
  });
  expect(res.status()).toBe(200);
  const html = await res.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const description =
    "Covered by 3 outlets: BBC News, CNN and Wall Street Journal. Compare how they report it, their bias ratings and how coverage grew.";
  const canonical = new URL(storyUrl(E2E.bridge.id), res.url()).href;
  expect(head).toContain(`<title>${E2E.bridge.topic} | Global Multi-Source News Analysis</title>`);
  expect(head).toContain(`<meta name="description" content="${description}"/>`);
  expect(head).toContain(`<link rel="canonical" href="${canonical}"/>`);
  expect(head).toContain(`<meta property="og:title" content="${E2E.bridge.topic}"/>`);
  expect(head).toContain(`<meta property="og:description" content="${description}"/>`);
  expect(head).toContain(`<meta property="og:url" content="${canonical}"/>`);
  expect(head).toContain('<meta property="og:type" content="article"/>');
  expect(head).toContain('<meta name="twitter:card" content="summary"/>');
  expect(head).toContain(`<meta name="twitter:title" content="${E2E.bridge.topic}"/>`);
  expect(head).toContain(
    '<link rel="alternate" type="application/atom+xml" href="/api/v1/feeds/cards.atom" title="Top stories (Atom)"/>',
  );
  expect(head).toContain(
    '<link rel="alternate" type="application/feed+json" href="/api/v1/feeds/blindspots.json" title="Blindspot stories (JSON Feed)"/>',
  );
  const body = html.slice(html.indexOf("</head>"));
  expect(body).toMatch(new RegExp(`<h1[^>]*>${E2E.bridge.topic}</h1>`));
  for (const a of E2E.bridge.articles) expect(body).toContain(a.title);
  expect(body).toContain('data-testid="bias-bar"');
  expect(body).toMatch(
    /First reported by <a href="\/sources\/wall-street-journal"[^>]*>Wall Street Journal<\/a>/,
  );
  expect(body.match(/data-testid="timeline-entry"/g)).toHaveLength(3);
});

test(
  "the story page: the card working as on the feed, and who reported what when",
  PHONE_TOO,
  async ({ page }, info) => {
    const errors = collectErrors(page);
    await page.goto(storyUrl(E2E.bridge.id));
    const card = storyCard(page);
    await expect(card.getByRole("heading", { level: 1 })).toHaveText(E2E.bridge.topic);
    await expect(card.getByTestId("article-panel")).toHaveCount(3);
    await expect(card.getByTestId("bias-bar")).toBeVisible();
    await expect(card.getByTestId("coverage-line")).toHaveText(
      "First reported by Wall Street Journal 1 h ago · 3 outlets in 20 min",
    );
    // Oldest first: the seeded reports are ten minutes apart, the card's last one first.
    const timeline = page.getByTestId("coverage-timeline");
    await expect(timeline.getByRole("heading", { name: "Coverage over time" })).toBeVisible();
    const [bbc, cnn, wsj] = E2E.bridge.articles;
    await expect(timeline.getByTestId("timeline-entry")).toHaveText([
      new RegExp(`^Wall Street Journal.*first report${escape(wsj.title)}`),
      new RegExp(`^CNN.*10 min after the first report${escape(cnn.title)}`),
      new RegExp(`^BBC News.*20 min after the first report${escape(bbc.title)}`),
    ]);
    // Times are the reader's own once the page has hydrated (the server wrote them in UTC).
    await expect(timeline.locator("time").first()).not.toContainText("UTC");
    await shot(page, info, "story-page", true);
    await expectAccessible(page, "story page");

    // The analysis tab runs an analysis, as on the feed.
    await card.getByRole("tab", { name: "AI & Community Analysis" }).click();
    await card.getByRole("button", { name: "Start AI Analysis" }).click();
    await expect(card.getByTestId("factual-badge")).toHaveText(/details corroborated$/);
    await expectAccessible(page, "analysed story");
    // The community preview, faded and inert, labelled as example data.
    await card.getByRole("tab", { name: "Community Insights" }).click();
    await expect(card.getByTestId("example-label")).toBeVisible();

    // Reloaded, it opens analysed from the local cache, and hydrates without a mismatch.
    await page.reload();
    await expect(storyCard(page).getByTestId("factual-badge")).toHaveText(/details corroborated$/);
    expect(errors).toEqual([]);
  },
);

test("a story told by one side's outlets shows its blindspot marker", async ({ page }, info) => {
  const [chip] = E2E.technology;
  await page.goto(storyUrl(chip.id));
  await expect(storyCard(page).getByTestId("blindspot")).toHaveText("Blindspot: no center-right outlet");
  await shotOf(storyCard(page), info, "story-blindspot");
});

test("a story of the demo snapshot says it is demo data, and is not for search engines", async ({
  page,
  request,
}) => {
  const html = await (await request.get(storyUrl(E2E.demo.id))).text();
  expect(html.slice(0, html.indexOf("</head>"))).toContain('<meta name="robots" content="noindex"/>');
  await page.goto(storyUrl(E2E.demo.id));
  await expect(storyCard(page).getByTestId("demo-marker")).toHaveText("Demo data");
});

test("Share on the story page copies the story's link", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true }),
  );
  await page.goto(storyUrl(E2E.bridge.id));
  await storyCard(page).getByRole("button", { name: "Share" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Link copied to clipboard!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    new URL(storyUrl(E2E.bridge.id), page.url()).href,
  );
});

test("a retired card's link redirects permanently to the card its story went on in", async ({
  page,
  request,
}) => {
  const res = await request.get(storyUrl(E2E.retired.id), { maxRedirects: 0 });
  expect(res.status()).toBe(308);
  expect(res.headers()["location"]).toBe(storyUrl(E2E.retired.successorId));
  await page.goto(storyUrl(E2E.retired.id));
  await expect(page).toHaveURL(new RegExp(`${storyUrl(E2E.bridge.id)}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(E2E.bridge.topic);
});

test("an unknown story is a 404 page that leads back to the feed", PHONE_TOO, async ({ page }, info) => {
  const res = await page.goto(storyUrl("no-such-story"));
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Story not found");
  await shot(page, info, "story-not-found");
  await expectAccessible(page, "story not found");
  expect((await page.request.get(storyUrl("bad id!"))).status()).toBe(404);
  await page.getByRole("main").getByRole("link", { name: "Back to the feed" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("comparison-card").first()).toBeVisible();
});

test("the pages announce the feeds for feed readers, and the feeds link to story pages", async ({ page }) => {
  await page.goto("/");
  const links = page.locator('head link[rel="alternate"]');
  await expect(links).toHaveCount(4);
  const hrefs = await links.evaluateAll((ls) =>
    ls.map((l) => `${l.getAttribute("type")} ${l.getAttribute("href")}`),
  );
  expect(hrefs).toEqual([
    "application/atom+xml /api/v1/feeds/cards.atom",
    "application/atom+xml /api/v1/feeds/blindspots.atom",
    "application/feed+json /api/v1/feeds/cards.json",
    "application/feed+json /api/v1/feeds/blindspots.json",
  ]);
  const feed = (await (await page.request.get("/api/v1/feeds/cards.json")).json()) as {
    items: { url: string; title: string }[];
  };
  expect(feed.items[0].title).toBe(E2E.bridge.topic);
  // A feed reader's link opens the story's page.
  await page.goto(feed.items[0].url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(E2E.bridge.topic);
  const blindspots = await page.request.get("/api/v1/feeds/blindspots.atom?country=us&category=technology");
  expect(blindspots.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  expect(await blindspots.text()).toContain(`/stories/${E2E.technology[0].id}`);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
