/**
 * The command-line flags every Chromium we start gets, for the browser tests
 * (playwright.config.ts) and the page benchmark (scripts/bench/page.ts): no sandbox (tests run
 * as root in containers), no GPU, and nothing that reaches the network on its own (QUIC,
 * background updates, sync), since these machines reach none of it.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
