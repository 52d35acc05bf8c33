import { test as base } from "@playwright/test";
import { E2E_PORT } from "@/playwright.config";

/**
 * The browser tests' `test`: each of the suite's workers talks to a server of its own
 * (playwright.config.ts starts one per worker, each on a fresh database), so a test that changes
 * stored state (an analysis cached, a card generated) never meets another worker's.
 */
export const test = base.extend({
  baseURL: async ({}, provide, info) => {
    await provide(`http://127.0.0.1:${E2E_PORT + info.parallelIndex}`);
  },
});

export { expect } from "@playwright/test";
