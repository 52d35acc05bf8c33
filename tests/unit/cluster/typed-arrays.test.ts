import { describe, expect, it } from "vitest";
import { grow, indicesByDescendingWeight } from "@/lib/cluster/typed-arrays";

describe("indicesByDescendingWeight", () => {
  it("orders by weight, largest first, ties by index", () => {
    const weights = Float64Array.from([0.3, 0.9, 0.3, 1, 0, 0.9000001, 0.25]);
    expect([...indicesByDescendingWeight(weights)]).toEqual([3, 5, 1, 0, 2, 6, 4]);
  });

  it("agrees with a comparison sort on many close weights", () => {
    const weights = Float64Array.from(
      { length: 5000 },
      (_, i) => ((i * 7919) % 1000) / 1000 + (i % 3) * 1e-9,
    );
    const expected = [...weights.keys()].sort((a, b) => weights[b] - weights[a] || a - b);
    expect([...indicesByDescendingWeight(weights)]).toEqual(expected);
  });

  it("handles a crowded bucket of near-equal weights", () => {
    const weights = Float64Array.from({ length: 300 }, (_, i) => 0.5 + ((i * 37) % 300) * 1e-12);
    const expected = [...weights.keys()].sort((a, b) => weights[b] - weights[a] || a - b);
    expect([...indicesByDescendingWeight(weights)]).toEqual(expected);
  });

  it("sorts only the first `count` entries", () => {
    expect([...indicesByDescendingWeight(Float64Array.from([0.1, 0.5, 0.9]), 2)]).toEqual([1, 0]);
  });
});

describe("grow", () => {
  it("keeps the contents and fills the new room", () => {
    const larger = grow(Int32Array.from([1, 2]), 5, -1);
    expect([...larger]).toEqual([1, 2, -1, -1, -1]);
  });
});
