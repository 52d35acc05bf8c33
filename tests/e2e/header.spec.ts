import { expect, test, type Locator } from "@playwright/test";
import { PHONE_TOO, expectAccessible } from "./helpers";

test(
  "the page loads with the header of docs/product.md §2 and passes its Content-Security-Policy",
  PHONE_TOO,
  async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Global Multi-Source News Analysis");
    const header = page.locator("header");
    await expect(header.getByText("Global Multi-Source News Analysis")).toBeVisible();
    await expect(header.getByText("Cross-Source News Analysis")).toBeVisible();
    await expect(header.getByRole("button", { name: "AI analysis cache statistics" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Settings" })).toBeVisible();
    await expect(page.getByPlaceholder("Search topics...")).toHaveCount(1);
    // On every screen width, phones included.
    await expect(header.getByText("Live Analysis")).toBeVisible();
    await expectAccessible(page, "header", "header.sticky");
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
  },
);

test("every response carries the security headers", async ({ request }) => {
  for (const url of ["/", "/api/v1/health"]) {
    const res = await request.get(url);
    const headers = res.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  }
});

test("the pulsing dots stand still for a reader who asks for reduced motion", async ({ page }) => {
  const animationOf = (dot: Locator) => dot.evaluate((el) => getComputedStyle(el).animationName);
  const dots = [
    page.getByTestId("status-line").locator("span[aria-hidden=true]").first(),
    page.getByTestId("analysis-pulse").first(),
  ];
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/");
  await expect(dots[1]).toBeVisible();
  for (const dot of dots) expect(await animationOf(dot)).toBe("pulse");
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const dot of dots) expect(await animationOf(dot)).toBe("none");
});
