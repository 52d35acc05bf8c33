import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { credentialStamp } from "@/lib/auth/credentials";
import { authSecret } from "@/lib/auth/secrets";
import { signAccessToken, TOKEN_AUDIENCE, TOKEN_ISSUER } from "@/lib/auth/tokens";
import { getPrisma } from "@/lib/db";
import { ROUTES, type RouteKey } from "@/lib/http/routes";
import { call } from "@/tests/helpers/api";
import {
  ROUTE_SAMPLES,
  routeFileOf,
  routeFiles,
  routeHandler,
  seedRouteSamples,
} from "@/tests/helpers/route-samples";
import { TEST_CRON_SECRET } from "@/tests/setup/test-env";

/**
 * Every route × every kind of caller, with the exact status and envelope (issue 3). The
 * route files are found from the access table, so a route added to the table is covered.
 */

type Credential =
  "none" | "reader" | "operator" | "expired" | "tampered" | "no-expiry" | "old-password" | "cron";
const CREDENTIALS: Credential[] = [
  "none",
  "reader",
  "operator",
  "expired",
  "tampered",
  "no-expiry",
  "old-password",
  "cron",
];
const tokens = {} as Record<Credential, string | undefined>;

beforeAll(async () => {
  await seedRouteSamples();
  tokens.none = undefined;
  tokens.reader = (await signAccessToken({ username: "reader", role: "reader" })).token;
  tokens.operator = (await signAccessToken({ username: "operator", role: "operator" })).token;
  tokens.expired = (
    await signAccessToken({ username: "operator", role: "operator" }, new Date(Date.now() - 24 * 3_600_000))
  ).token;
  // A reader token whose payload claims the operator role, with the reader's signature.
  const [header, payload, signature] = tokens.reader.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  tokens.tampered = [
    header,
    Buffer.from(JSON.stringify({ ...claims, role: "operator" })).toString("base64url"),
    signature,
  ].join(".");
  // Issue 14: a correctly signed operator token that never expires …
  const operator = await getPrisma().user.findUniqueOrThrow({ where: { username: "operator" } });
  tokens["no-expiry"] = await new SignJWT({ role: "operator", cred: credentialStamp(operator.passwordHash) })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject("operator")
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .sign(authSecret());
  // … and one issued under the operator's previous password.
  tokens["old-password"] = (
    await signAccessToken(
      { username: "operator", role: "operator" },
      new Date(),
      credentialStamp("scrypt$previous"),
    )
  ).token;
  tokens.cron = TEST_CRON_SECRET;
});

function expectedFailure(access: string, credential: Credential) {
  if (access === "public") return null;
  if (credential === "none")
    return { status: 401, error: "Log in first: this request needs a bearer token." };
  if (credential === "expired") return { status: 401, error: "Your session has expired; log in again." };
  if (credential === "tampered" || credential === "no-expiry" || credential === "old-password") {
    return { status: 401, error: "The access token is not valid; log in again." };
  }
  if (credential === "cron") return { status: 403, error: `This request needs the ${access} role.` };
  if (access === "operator" && credential === "reader")
    return { status: 403, error: "This request needs the operator role." };
  return null;
}

it("every route file is declared in the access table, and every declared route has its file", () => {
  const declared = new Set(Object.keys(ROUTES).map((k) => routeFileOf(k as RouteKey)));
  expect(routeFiles().filter((f) => !declared.has(f))).toEqual([]);
  expect([...declared].filter((f) => !routeFiles().includes(f))).toEqual([]);
});

for (const key of Object.keys(ROUTES) as RouteKey[]) {
  const [method, path] = key.split(" ");
  describe(key, () => {
    for (const credential of CREDENTIALS) {
      it(`${credential}`, async () => {
        const handler = await routeHandler(key);
        const sample = ROUTE_SAMPLES[key];
        // A call that ends its token (a logout) gets a token of its own of the same account.
        const own = sample.endsToken && (credential === "reader" || credential === "operator");
        const token = own
          ? (await signAccessToken({ username: credential, role: credential })).token
          : tokens[credential];
        const res = await call(handler, sample.path ?? path, { ...sample, method, token });
        const failure = expectedFailure(ROUTES[key].access, credential);
        if (failure) {
          expect(res.status).toBe(failure.status);
          expect(res.json).toEqual({
            success: false,
            code: failure.status === 401 ? "unauthorized" : "forbidden",
            error: failure.error,
            requestId: res.headers.get("x-request-id"),
          });
          if (failure.status === 401) expect(res.headers.get("www-authenticate")).toBe('Bearer realm="api"');
        } else {
          expect(res.status).toBe(sample.ok);
          if (sample.type) expect(res.headers.get("content-type")).toMatch(sample.type);
          else expect(res.json).toMatchObject({ success: true, data: expect.anything() });
        }
      });
    }
  });
}
