import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiRequest, checkHealth, errorMessage } from "@/lib/client/api";
import { shareComparison, shareUrl } from "@/lib/client/share";
import { demoComparisons } from "@/lib/client/demo-data";

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? "" : JSON.stringify(body), { status });

describe("apiRequest (docs/product.md §7, §8)", () => {
  beforeEach(() => {
    vi.mocked(console.error).mockImplementation(() => undefined);
  });

  it("calls /api/v1 with JSON, the bearer token, and answers data", async () => {
    const fetchImpl = vi.fn(async () => json(200, { success: true, data: { ok: 1 } }));
    expect(await apiRequest("/x", { method: "POST", body: { a: 1 }, token: "t" }, fetchImpl)).toEqual({
      ok: 1,
    });
    expect(fetchImpl).toHaveBeenCalledWith(
      "/api/v1/x",
      expect.objectContaining({
        method: "POST",
        body: '{"a":1}',
        headers: { "Content-Type": "application/json", Authorization: "Bearer t" },
      }),
    );
  });

  it.each([
    [{ success: false, error: "Card not found", message: "m" }, "Card not found"],
    [{ message: "Only a message" }, "Only a message"],
    [{}, "HTTP error! status: 503"],
    [undefined, "HTTP error! status: 503"],
  ])("raises %j as %s, logged as 'API request failed for {path}'", async (body, message) => {
    const fetchImpl = vi.fn(async () => json(503, body));
    await expect(apiRequest("/comparison-cards", {}, fetchImpl)).rejects.toThrow(message);
    expect(console.error).toHaveBeenCalledWith("API request failed for /comparison-cards", expect.any(Error));
  });

  it("keeps the status and code", async () => {
    const fetchImpl = vi.fn(async () =>
      json(401, { success: false, error: "expired", code: "unauthorized" }),
    );
    await expect(apiRequest("/x", {}, fetchImpl)).rejects.toMatchObject({
      status: 401,
      code: "unauthorized",
    });
    expect(errorMessage(500, "text")).toBe("HTTP error! status: 500");
  });
});

describe("shareComparison (docs/product.md §7)", () => {
  const card = demoComparisons(0)[0];

  it("uses the share sheet with title, AI summary and URL", async () => {
    const share = vi.fn(async () => undefined);
    const clipboard = { writeText: vi.fn() } as unknown as Clipboard;
    expect(await shareComparison(card, { navigator: { share, clipboard }, url: "http://x/" })).toBe("shared");
    expect(share).toHaveBeenCalledWith({
      title: `News Comparison: ${card.topic}`,
      text: card.aiAnalysis.summary,
      url: "http://x/",
    });
  });

  it("copies the link when there is no share sheet", async () => {
    const writeText = vi.fn(async () => undefined);
    expect(
      await shareComparison(card, {
        navigator: { clipboard: { writeText } as unknown as Clipboard },
        url: "http://x/",
      }),
    ).toBe("copied");
    expect(writeText).toHaveBeenCalledWith("http://x/");
  });

  it("only logs a failure", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const share = vi.fn(async () => {
      throw new Error("AbortError");
    });
    expect(await shareComparison(card, { navigator: { share, clipboard: {} as Clipboard }, url: "u" })).toBe(
      "failed",
    );
    expect(console.warn).toHaveBeenCalledWith("Share failed", expect.any(Error));
  });
});

describe("shareUrl", () => {
  const location = { origin: "https://news.test", href: "https://news.test/?q=1" };

  it("hands on a stored card's story page, and the page itself for cards with no page", () => {
    expect(shareUrl({ id: "c_bridge", category: "general" }, location)).toBe(
      "https://news.test/stories/c_bridge",
    );
    expect(shareUrl(demoComparisons(0)[0], location)).toBe("https://news.test/?q=1");
    expect(shareUrl({ id: "search-harbour", category: "global-search" }, location)).toBe(
      "https://news.test/?q=1",
    );
  });
});

describe("checkHealth (docs/product.md §7, §8)", () => {
  it("answers the JSON body", async () => {
    const body = { success: true, data: { status: "ok" } };
    expect(await checkHealth(vi.fn(async () => json(200, body)))).toEqual(body);
  });
  it("logs 'Health check failed' and rethrows", async () => {
    vi.mocked(console.error).mockImplementation(() => undefined);
    await expect(
      checkHealth(vi.fn(async () => json(503, { success: false, error: "Database unreachable" }))),
    ).rejects.toThrow("Database unreachable");
    expect(console.error).toHaveBeenCalledWith("Health check failed", expect.any(Error));
  });
});
