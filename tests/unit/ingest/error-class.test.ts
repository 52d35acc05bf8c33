import { describe, expect, it } from "vitest";
import { feedErrorClass, isUnreachable } from "@/lib/ingest/error-class";

describe("feedErrorClass", () => {
  it.each([
    ["timed out after 15000 ms", "timed out"],
    ["aborted: the run's time budget ran out", "skipped"],
    ["address refused: 169.254.169.254 is a private, link-local or reserved address", "address refused"],
    ["redirect to a non-http(s) URL refused (file:)", "redirect refused"],
    ["too many redirects (more than 5)", "redirect refused"],
    ["HTTP 302 without a Location header", "redirect refused"],
    ["HTTP 404", "HTTP 4xx"],
    ["HTTP 503 (rate limited; retry after 120 s)", "HTTP 5xx"],
    ["response too large (over 5242880 bytes)", "response too large"],
    ["network error: ECONNREFUSED", "network error"],
    ["network error: getaddrinfo ENOTFOUND internal.corp", "network error"],
    ["not a well-formed RSS or Atom feed: Unexpected close tag", "not a feed"],
    ["empty feed (no items)", "not a feed"],
    ["something new", "failed"],
  ])("%s → %s", (message, expected) => {
    expect(feedErrorClass(message)).toBe(expected);
  });
});

describe("isUnreachable (decision 146): the host never answered, as when the server has no network", () => {
  it.each([
    ["network error: getaddrinfo ENOTFOUND feeds.bbci.co.uk", true],
    ["network error: ECONNREFUSED", true],
    ["timed out after 15000 ms", true],
    ["HTTP 503 (rate limited; retry after 120 s)", false],
    ["address refused: 169.254.169.254 is a private, link-local or reserved address", false],
    ["not a well-formed RSS or Atom feed: Unexpected close tag", false],
  ])("%s → %s", (message, expected) => {
    expect(isUnreachable(message)).toBe(expected);
  });
});
