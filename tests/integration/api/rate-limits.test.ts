import { beforeAll, describe, expect, it, vi } from "vitest";

// This file's own limits, small enough to reach (settings are read at the first import).
vi.hoisted(() => {
  Object.assign(process.env, {
    OPENAI_API_KEY: "",
    OPENAI_BASE_URL: "",
    RATE_LIMIT_ANALYSIS_PER_MINUTE: "3",
    RATE_LIMIT_ANALYSIS_PER_CLIENT_PER_MINUTE: "5",
    RATE_LIMIT_GENERATE_PER_MINUTE: "2",
    RATE_LIMIT_GENERATE_PER_CLIENT_PER_MINUTE: "3",
  });
});

import { decodeJwt } from "jose";
import { POST as compareRoute } from "@/app/api/v1/analysis/compare-articles/route";
import { POST as onDemandRoute } from "@/app/api/v1/comparison-cards/generate/on-demand/route";
import { STORM } from "@/tests/fixtures/analysis-articles";
import { readerToken } from "@/tests/helpers/analysis";
import { call } from "@/tests/helpers/api";
import { resetIngest } from "@/tests/helpers/ingest";
import { resolvePrincipal } from "@/lib/http/principal";

/**
 * Issue 14: analysis and generation count per token and per client. Tokens cost nothing (the
 * reader's password is public), so a fresh token per request must not reset the count.
 */

beforeAll(async () => {
  await resetIngest(null); // on-demand generation never reaches a real outlet
});

const analyse = (token: string, client: string) =>
  call(compareRoute, "/api/v1/analysis/compare-articles", {
    body: { articles: STORM },
    token,
    headers: { "x-forwarded-for": client },
  });
const generate = (token: string, client: string) =>
  call(onDemandRoute, "/api/v1/comparison-cards/generate/on-demand", {
    body: { country: "ca", category: "health" },
    token,
    headers: { "x-forwarded-for": client },
  });

describe.each([
  ["analysis", analyse, 3, 5],
  ["generate", generate, 2, 3],
] as const)("%s", (limit, send, perToken, perClient) => {
  it(`a new token per request still meets the per-client limit (${perClient} a minute)`, async () => {
    const client = `198.51.100.${perClient}`;
    for (let i = 0; i < perClient; i++) expect((await send(await readerToken(), client)).status).toBe(200);
    const over = await send(await readerToken(), client);
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ code: "rate_limited", details: { limit: `${limit}-client` } });
    // Another client is not affected.
    expect((await send(await readerToken(), "198.51.100.200")).status).toBe(200);
  });

  it(`requests it refuses count against the client too (issue 23: only valid ones did)`, async () => {
    const client = `198.51.100.${100 + perClient}`;
    const refused = (token: string) =>
      call(
        limit === "analysis" ? compareRoute : onDemandRoute,
        limit === "analysis"
          ? "/api/v1/analysis/compare-articles"
          : "/api/v1/comparison-cards/generate/on-demand",
        {
          body: { articles: "none", country: "nowhere" },
          token,
          headers: { "x-forwarded-for": client },
        },
      );
    for (let i = 0; i < perClient; i++) expect((await refused(await readerToken())).status).toBe(400);
    const over = await refused(await readerToken());
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ code: "rate_limited", details: { limit: `${limit}-client` } });
  });

  it(`one token meets its own limit (${perToken} a minute) from any number of clients`, async () => {
    const token = await readerToken();
    for (let i = 0; i < perToken; i++)
      expect((await send(token, `203.0.113.${10 * perToken + i}`)).status).toBe(200);
    const over = await send(token, "203.0.113.99");
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ code: "rate_limited", details: { limit } });
  });
});

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The same token spelled otherwise: the signature's last character's unused bits set, or a trailing "=". */
function otherSpellings(token: string): string[] {
  const last = BASE64URL.indexOf(token.at(-1)!);
  const variants = [0, 1, 2, 3].map((bits) => token.slice(0, -1) + BASE64URL[(last & ~3) | bits]);
  return [...variants.filter((v) => v !== token), `${token}=`];
}

describe("a token's rate limit (issue 23)", () => {
  it("is keyed on the verified token's id, and other spellings of the token are refused", async () => {
    const token = await readerToken();
    const principal = await resolvePrincipal(
      new Request("http://127.0.0.1/", { headers: { authorization: `Bearer ${token}` } }),
      "reader",
    );
    expect(principal).toMatchObject({ kind: "user", tokenId: decodeJwt(token).jti });
    // Each spelling used to verify and count in a bucket of its own: eight times the limit.
    const spellings = otherSpellings(token);
    expect(spellings).toHaveLength(4);
    for (const spelling of spellings) {
      const res = await analyse(spelling, "192.0.2.77");
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: "unauthorized" });
    }
  });
});
