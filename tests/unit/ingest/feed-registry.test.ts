import { describe, expect, it } from "vitest";
import { KNOWN_SOURCES } from "@/lib/sources/registry";

describe("the registered feeds", () => {
  // Issue 14: plain-http feeds let anyone on the path rewrite them (redirects, hostile markup).
  it("are fetched over https", () => {
    const plain = KNOWN_SOURCES.flatMap((s) => Object.values(s.feeds)).filter(
      (url) => !url.startsWith("https://"),
    );
    expect(plain).toEqual([]);
  });
});
