import { describe, expect, it } from "vitest";
import { takeRenderTurn, TURN_MAX_MS } from "@/lib/render-turns";

/** Resolves once every callback already queued has run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("pages of one kind take turns (issue 34)", () => {
  it("one turn at a time, first come first served; another kind has its own line", async () => {
    const order: string[] = [];
    const endFirst = await takeRenderTurn("unit-a");
    const second = takeRenderTurn("unit-a").then((end) => (order.push("second"), end));
    const third = takeRenderTurn("unit-a").then((end) => (order.push("third"), end));
    const other = await takeRenderTurn("unit-b"); // not held up by unit-a
    await settle();
    expect(order).toEqual([]);
    endFirst();
    endFirst(); // a second call ends nothing more
    const endSecond = await second;
    await settle();
    expect(order).toEqual(["second"]);
    endSecond();
    (await third)();
    expect(order).toEqual(["second", "third"]);
    other();
    // The line is free again: a new turn starts at once.
    const again = await Promise.race([takeRenderTurn("unit-a"), settle().then(() => null)]);
    expect(again).toBeTypeOf("function");
    again!();
  });

  it("a turn never ended is over after TURN_MAX_MS, and the next one begins", async () => {
    await takeRenderTurn("unit-c"); // never ended, as by a client that stopped reading
    const started = performance.now();
    const end = await takeRenderTurn("unit-c");
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(TURN_MAX_MS - 5);
    expect(waited).toBeLessThan(TURN_MAX_MS + 500);
    end();
  });
});
