/**
 * The public reader account the web page logs in with automatically (docs/product.md §6). Its
 * credentials are public by design and grant reader rights only: reading is public
 * anyway, and the reader role adds on-demand generation and analysis, both rate-limited
 * per token. No operator credential ever reaches the browser.
 */
export const PUBLIC_READER = { username: "reader", password: "public-reader-account" } as const;
