import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PUBLIC_READER } from "@/lib/public-reader";
import { BUILD_CANARIES } from "@/tests/setup/test-env";

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

test("the client bundle holds no operator credential and no secret", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one check is enough");
  const files = filesUnder(path.join(".next", "static"));
  expect(files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(3);
  const text = files.map((f) => fs.readFileSync(f, "utf8")).join("\n");
  for (const [name, value] of Object.entries(BUILD_CANARIES)) {
    expect(text.includes(value), `${name}'s value is in .next/static`).toBe(false);
  }
  for (const name of [
    "OPERATOR_PASSWORD",
    "AUTH_SECRET",
    "CRON_SECRET",
    "OPENAI_API_KEY",
    "DATABASE_URL",
    "operator-password.txt",
  ]) {
    expect(text.includes(name), `${name} is named in .next/static`).toBe(false);
  }
  // The public reader's credentials are public by design; nothing else of the accounts is.
  expect(PUBLIC_READER.username).toBe("reader");
});
