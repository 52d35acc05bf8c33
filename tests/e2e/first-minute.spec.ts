import { spawn } from "node:child_process";
import { once } from "node:events";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "@/playwright.config";

/**
 * Issue 26, a newcomer's first minute: a fresh database whose feeds cannot be reached shows the
 * labelled demo cards within 5 s of the server answering, instead of an empty feed while the
 * feeds time out. Runs its own server (scripts/e2e-server.ts --fresh) beside the suite's.
 */

test("a fresh database with unreachable feeds shows demo cards within 5 s of the server answering", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const port = E2E_PORT + 50 + (info.project.name === "phone" ? 1 : 0);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    "node",
    ["--import", "tsx", "--conditions=react-server", "scripts/e2e-server.ts", String(port), "--fresh"],
    { stdio: "ignore" },
  );
  try {
    const deadline = Date.now() + 150_000;
    let answered = 0;
    while (!answered && Date.now() < deadline) {
      const ok = await fetch(`${base}/api/v1/health?probe=live`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) answered = Date.now();
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(answered, "the fresh server never answered").toBeGreaterThan(0);
    await page.goto(`${base}/`);
    await expect(page.getByTestId("demo-marker").first()).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - answered).toBeLessThan(5_000);
    // The server's own snapshot, labelled as such, not the page's built-in example.
    await expect(page.getByText(/bundled demo snapshot/)).toBeVisible();
    expect(await page.getByTestId("comparison-card").count()).toBeGreaterThan(1);
  } finally {
    server.kill("SIGTERM");
    await once(server, "exit");
  }
});
