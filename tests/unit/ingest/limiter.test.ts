import { expect, it } from "vitest";
import { createLimiter } from "@/lib/ingest/limiter";

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

it("runs at most `concurrency` tasks overall and `perKey` per key, and runs them all", async () => {
  const limiter = createLimiter({ concurrency: 3, perKey: 2 });
  const running = new Map<string, number>();
  let overall = 0;
  let maxOverall = 0;
  const maxPerKey = new Map<string, number>();
  const keys = ["a", "a", "a", "a", "b", "b", "c", "c", "c"];
  const results = await Promise.all(
    keys.map((key, i) =>
      limiter.run(key, async () => {
        overall++;
        running.set(key, (running.get(key) ?? 0) + 1);
        maxOverall = Math.max(maxOverall, overall);
        maxPerKey.set(key, Math.max(maxPerKey.get(key) ?? 0, running.get(key)!));
        await tick(5);
        overall--;
        running.set(key, running.get(key)! - 1);
        return i;
      }),
    ),
  );
  expect(results).toEqual(keys.map((_, i) => i));
  expect(maxOverall).toBe(3);
  expect(Math.max(...maxPerKey.values())).toBe(2);
  expect(limiter.active).toBe(0);
});

it("lets other hosts go first while one host is busy, and survives a failing task", async () => {
  const limiter = createLimiter({ concurrency: 2, perKey: 1 });
  const order: string[] = [];
  const slow = limiter.run("a", async () => {
    await tick(30);
    order.push("a1");
  });
  const waiting = limiter.run("a", async () => void order.push("a2"));
  const failing = limiter.run("b", async () => {
    throw new Error("boom");
  });
  const other = limiter.run("c", async () => void order.push("c1"));
  await expect(failing).rejects.toThrow("boom");
  await Promise.all([slow, waiting, other]);
  expect(order).toEqual(["c1", "a1", "a2"]);
});
