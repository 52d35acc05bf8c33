import { afterEach, describe, expect, it, vi } from "vitest";
import { applyTestEnv } from "@/tests/setup/test-env";

// The test settings (their AUTH_SECRET) before lib/env is first read: no secret file is written.
applyTestEnv({});
const { signAccessToken, verifyAccessToken } = await import("@/lib/auth/tokens");

describe("verifyAccessToken, with tokens verified lately kept", () => {
  afterEach(() => vi.useRealTimers());

  it("refuses a kept token once it expires, and every other spelling of it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const issued = new Date("2026-11-26T02:00:00Z");
    vi.setSystemTime(issued);
    const { token, expiresAt } = await signAccessToken(
      { username: "reader", role: "reader" },
      issued,
      "stamp",
    );
    const first = await verifyAccessToken(token);
    expect(first).toMatchObject({ ok: true, user: { username: "reader", role: "reader" }, stamp: "stamp" });
    expect(await verifyAccessToken(token)).toEqual(first);
    expect(await verifyAccessToken(`${token}=`)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyAccessToken(token.slice(0, -1))).toEqual({ ok: false, reason: "invalid" });

    vi.setSystemTime(expiresAt.getTime() - 1_000);
    expect((await verifyAccessToken(token)).ok).toBe(true);
    vi.setSystemTime(expiresAt);
    expect(await verifyAccessToken(token)).toEqual({ ok: false, reason: "expired" });
  });

  it("shares a frozen result, so no request can change the user for the next", async () => {
    const { token } = await signAccessToken({ username: "reader", role: "reader" }, new Date(), "stamp");
    const result = await verifyAccessToken(token);
    if (!result.ok) throw new Error("expected a valid token");
    expect(Object.isFrozen(result.user)).toBe(true);
    expect(await verifyAccessToken(token)).toBe(result);
  });
});
