import { expect, it } from "vitest";
import { inTurn } from "@/lib/storage/yield";

/** Holds the thread for `ms`, as parsing a large request body does. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

it("runs pieces queued together one per turn of the event loop, so a timer (a probe) runs between them", async () => {
  const order: string[] = [];
  const timer = setInterval(() => order.push("timer"), 1);
  try {
    // Let the interval start before the pieces take the thread.
    await new Promise((r) => setTimeout(r, 5));
    order.length = 0;
    const pieces = [1, 2, 3, 4].map((n) =>
      inTurn(() => {
        busy(15);
        order.push(`piece ${n}`);
        return n;
      }),
    );
    expect(await Promise.all(pieces)).toEqual([1, 2, 3, 4]);
  } finally {
    clearInterval(timer);
  }
  const pieces = order.filter((o) => o.startsWith("piece"));
  expect(pieces).toEqual(["piece 1", "piece 2", "piece 3", "piece 4"]);
  // Between every two pieces the timer had its turn: no two pieces ran back to back.
  for (let i = 1; i < order.length; i++)
    if (order[i].startsWith("piece")) expect(order[i - 1], order.join(", ")).not.toMatch(/^piece/);
});

it("passes a piece's error to its caller and runs the next piece", async () => {
  const failing = inTurn(() => {
    throw new Error("bad body");
  });
  const next = inTurn(() => "next");
  await expect(failing).rejects.toThrow("bad body");
  await expect(next).resolves.toBe("next");
});
