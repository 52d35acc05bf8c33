import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "./memory-storage";

/** The session module keeps state per page load: each test imports a fresh copy. */
async function freshAuth(stored?: string) {
  vi.resetModules();
  const localStorage = new MemoryStorage();
  if (stored) localStorage.setItem("authToken", stored);
  vi.stubGlobal("window", { localStorage });
  return { auth: await import("@/lib/client/auth"), localStorage };
}

const jwt = (exp: number) => `h.${Buffer.from(JSON.stringify({ exp })).toString("base64url")}.s`;
const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
const fail = (status: number) =>
  new Response(JSON.stringify({ success: false, error: "no", code: "unauthorized" }), { status });

beforeEach(() => {
  vi.mocked(console.error).mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("session (docs/product.md §4, §6)", () => {
  it("reloads a stored token and makes no login", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const { auth } = await freshAuth(jwt(Date.now() / 1000 + 3600));
    expect(await auth.ensureSession()).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("logs in with the public reader account when no token is held, and stores the token", async () => {
    const fetchMock = vi.fn(async () => ok({ token: "T1" }));
    vi.stubGlobal("fetch", fetchMock);
    const { auth, localStorage } = await freshAuth();
    expect(await auth.ensureSession()).toBe(true);
    expect(localStorage.getItem("authToken")).toBe("T1");
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/v1/auth/login");
    expect(JSON.parse(init.body as string)).toEqual({
      username: "reader",
      password: "public-reader-account",
    });
  });

  it("drops an expired stored token and logs in again", async () => {
    const fetchMock = vi.fn(async () => ok({ token: "T2" }));
    vi.stubGlobal("fetch", fetchMock);
    const { auth, localStorage } = await freshAuth(jwt(Date.now() / 1000 - 10));
    expect(await auth.ensureSession()).toBe(true);
    expect(localStorage.getItem("authToken")).toBe("T2");
  });

  it("swallows a login failure: unauthenticated", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => fail(429)),
    );
    const { auth } = await freshAuth();
    expect(await auth.ensureSession()).toBe(false);
    expect(auth.isAuthenticated()).toBe(false);
  });

  it("logs in again once when a reader call answers 401, then retries", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(fail(401))
      .mockResolvedValueOnce(ok({ token: "NEW" }))
      .mockResolvedValueOnce(ok({ done: true }));
    vi.stubGlobal("fetch", fetchMock);
    const { auth } = await freshAuth(jwt(Date.now() / 1000 + 3600));
    expect(await auth.authorizedRequest("/analysis/compare-articles", { method: "POST", body: {} })).toEqual({
      done: true,
    });
    const headers = (fetchMock.mock.calls[2][1] as RequestInit).headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer NEW");
  });

  it("without a token after the login, a reader call's 401 starts no second login", async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(fail(429)).mockResolvedValueOnce(fail(401));
    vi.stubGlobal("fetch", fetchMock);
    const { auth } = await freshAuth();
    await expect(
      auth.authorizedRequest("/analysis/compare-articles", { method: "POST", body: {} }),
    ).rejects.toThrow();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      "/api/v1/auth/login",
      "/api/v1/analysis/compare-articles",
    ]);
  });

  it("public calls carry the held token, and no header without one; they never log in", async () => {
    const token = jwt(Date.now() / 1000 + 3600);
    const fetchMock = vi.fn(async () => ok({ comparisonCards: [] }));
    vi.stubGlobal("fetch", fetchMock);
    const held = await freshAuth(token);
    await held.auth.publicRequest("/comparison-cards?limit=100");
    expect(
      ((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>)
        .Authorization,
    ).toBe(`Bearer ${token}`);
    fetchMock.mockClear();
    const none = await freshAuth();
    await none.auth.publicRequest("/search?q=x");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(
      ((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>)
        .Authorization,
    ).toBeUndefined();
  });

  it("hasSession waits for a login under way but never starts one", async () => {
    const fetchMock = vi.fn(async () => ok({ token: "T3" }));
    vi.stubGlobal("fetch", fetchMock);
    const { auth } = await freshAuth();
    expect(await auth.hasSession()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    const login = auth.ensureSession();
    expect(await auth.hasSession()).toBe(true);
    expect(await login).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("logout clears the token", async () => {
    vi.stubGlobal("fetch", vi.fn());
    const { auth, localStorage } = await freshAuth(jwt(Date.now() / 1000 + 3600));
    auth.logout();
    expect(auth.isAuthenticated()).toBe(false);
    expect(localStorage.getItem("authToken")).toBeNull();
  });
});
