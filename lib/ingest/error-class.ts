/**
 * The public name of a feed failure. The recorded message says what the fetcher met ("network
 * error: ECONNREFUSED", "timed out after 15000 ms", the parser's complaint); shown to anyone,
 * such messages about where redirects led made the scheduler status a blind port scanner
 * (issue 14). Anyone sees one of these classes; the operator sees the message.
 */
const CLASSES: [RegExp, string | ((m: RegExpExecArray) => string)][] = [
  [/^timed out/, "timed out"],
  [/^aborted/, "skipped"],
  [/^address refused/, "address refused"],
  [/redirect|without a Location header/i, "redirect refused"],
  [/^HTTP ([1-5])\d\d/, (m) => `HTTP ${m[1]}xx`],
  [/^response too large/, "response too large"],
  [/^network error/, "network error"],
  [/^(empty feed|not a well-formed|parse failed)/, "not a feed"],
  [/^cannot read file/, "file unreadable"],
];

/** The short class of a recorded feed error. */
export function feedErrorClass(message: string): string {
  for (const [pattern, name] of CLASSES) {
    const m = pattern.exec(message);
    if (m) return typeof name === "string" ? name : name(m);
  }
  return "failed";
}

/**
 * Whether a recorded failure is the host not being reached at all (no route, no name, no answer in
 * time), as opposed to an answer the fetcher refused: with every feed failing so, the server has
 * no network, and an outlet page says its feeds are offline rather than failing (decision 146).
 */
export function isUnreachable(message: string): boolean {
  const cls = feedErrorClass(message);
  return cls === "network error" || cls === "timed out";
}
