import { expect, test, type Page } from "@playwright/test";
import { E2E } from "@/tests/fixtures/e2e-stories";
import { PHONE_TOO, expectAccessible, shot } from "./helpers";

/** Issue 26: the reader's own reading balance, from the header's settings button, kept in the browser. */

async function openBalance(page: Page) {
  await page.goto("/");
  await expect(page.getByTestId("comparison-card").first()).toBeVisible();
  await page.getByRole("button", { name: "Settings" }).click();
  const balance = page.getByTestId("reading-balance");
  await expect(balance).toBeVisible();
  return balance;
}

test(
  "records a story opened once the reader has seen the statement, and clears it",
  PHONE_TOO,
  async ({ page }, info) => {
    // Opened before the statement was ever shown: not recorded.
    await page.goto(`/stories/${E2E.bridge.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(E2E.bridge.topic);
    let balance = await openBalance(page);
    await expect(balance.getByTestId("balance-statement")).toContainText("nothing is sent anywhere");
    await expect(balance.getByTestId("balance-count")).toHaveText("No stories opened in the last 30 days.");

    await page.goto(`/stories/${E2E.bridge.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(E2E.bridge.topic);
    balance = await openBalance(page);
    await expect(balance.getByTestId("balance-count")).toHaveText("1 story opened in the last 30 days.");
    await expect(balance.getByTestId("bias-bar")).toContainText("Center-left 1");
    await expect(balance.getByTestId("bias-bar")).toContainText("Center 1");
    await expect(balance.getByTestId("bias-bar")).toContainText("Center-right 1");
    await expect(balance.getByTestId("bias-bar")).toContainText("Ratings: Editorial rating");
    await expect(
      balance.getByTestId("balance-outlets").getByRole("link", { name: "BBC News" }),
    ).toHaveAttribute("href", "/sources/bbc-news");
    await expect(balance.getByTestId("balance-skipped")).toContainText(
      "Rail workers announce a two-day strike",
    );
    await expectAccessible(page, "reading balance", "#settings-panel");
    await shot(page, info, "reading-balance");

    await balance.getByRole("button", { name: "Clear my history" }).click();
    await expect(balance.getByTestId("balance-count")).toHaveText("No stories opened in the last 30 days.");
    await page.reload();
    balance = await openBalance(page);
    await expect(balance.getByTestId("balance-count")).toHaveText("No stories opened in the last 30 days.");
  },
);

test("with storage full it says so, and the rest of the site works", async ({ page }) => {
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === "reading_balance") throw new DOMException("full", "QuotaExceededError");
      return setItem.call(this, key, value);
    };
  });
  const balance = await openBalance(page);
  await expect(balance.getByTestId("balance-storage")).toContainText("storage is full");
  await page.getByRole("button", { name: "Close settings" }).click();
  await expect(page.getByTestId("comparison-card").first()).toBeVisible();
  await page.goto(`/stories/${E2E.bridge.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(E2E.bridge.topic);
});

test("with storage turned off it says so, and the rest of the site works", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  });
  const balance = await openBalance(page);
  await expect(balance.getByTestId("balance-storage")).toContainText("storage is turned off");
  await expect(balance.getByTestId("balance-count")).toHaveText("No stories opened in the last 30 days.");
  await page.getByRole("button", { name: "Close settings" }).click();
  await page.goto(`/stories/${E2E.bridge.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(E2E.bridge.topic);
});
