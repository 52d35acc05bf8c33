import path from "node:path";
import { afterEach, expect, it } from "vitest";
import type { RunningServer } from "@/scripts/bench/lib/server";
import { api, appEnv, setupDatabase, startApp, tempDir } from "./helpers";

/**
 * Issue 34: credentials from the settings are the truth at every start of the server, not only
 * when `npm start` seeds. The built server is started with `next start` alone after a rename of
 * the operator and again after a change of its password: each time the old name or password no
 * longer logs in and the old tokens are refused, and the new credentials log in.
 */

const dir = tempDir("rotation");
const base = { DATABASE_URL: `pglite:${path.join(dir, "pglite")}`, DATA_DIR: dir };
const first = { username: "first-operator", password: "first-operator-password" };
const renamed = { username: "second-operator", password: "second-operator-password" };
const rotated = { username: "second-operator", password: "rotated-operator-password" };
const envOf = (op: { username: string; password: string }) =>
  appEnv({ ...base, OPERATOR_USERNAME: op.username, OPERATOR_PASSWORD: op.password });

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const login = async (op: { username: string; password: string }) => {
  const res = await api<{ data?: { token: string } }>(server!.base, "/api/v1/auth/login", { body: op });
  return { status: res.status, token: res.json.data?.token ?? "" };
};
const metrics = async (token: string) => {
  const res = await fetch(`${server!.base}/api/v1/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return res.status;
};

let firstToken = "";
let renamedToken = "";

it("the first start: the seeded operator logs in", async () => {
  setupDatabase(envOf(first));
  server = await startApp(envOf(first));
  const ok = await login(first);
  expect(ok.status).toBe(200);
  firstToken = ok.token;
  expect(await metrics(firstToken)).toBe(200);
}, 120_000);

it("a start with a new OPERATOR_USERNAME (no seed): the old name, password and token end, the new name logs in", async () => {
  server = await startApp(envOf(renamed));
  expect(await metrics(firstToken)).toBe(401);
  expect((await login(first)).status).toBe(401);
  const ok = await login(renamed);
  expect(ok.status).toBe(200);
  renamedToken = ok.token;
  expect(await metrics(renamedToken)).toBe(200);
}, 120_000);

it("a start with a new OPERATOR_PASSWORD (no seed): the old password and its token end", async () => {
  server = await startApp(envOf(rotated));
  expect(await metrics(renamedToken)).toBe(401);
  expect((await login(renamed)).status).toBe(401);
  const ok = await login(rotated);
  expect(ok.status).toBe(200);
  expect(await metrics(ok.token)).toBe(200);
}, 120_000);
