import { expect, it } from "vitest";
import { KNOWN_SOURCES, OWNERSHIP_KINDS, PAYWALLS, knownSource } from "@/lib/sources/registry";

// Issue 26: every outlet's page says who owns it, what pays for it, as of when, and its paywall.
it("gives each of the 19 outlets an ownership, its funding, an as-of date and a paywall", () => {
  expect(KNOWN_SOURCES).toHaveLength(19);
  for (const s of KNOWN_SOURCES) {
    expect(OWNERSHIP_KINDS, s.id).toContain(s.ownership.kind);
    expect(s.ownership.owner.length, s.id).toBeGreaterThan(3);
    expect(s.ownership.funding.length, s.id).toBeGreaterThan(3);
    expect(s.ownership.asOf, s.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(s.ownership.asOf)), s.id).toBe(false);
    expect(PAYWALLS, s.id).toContain(s.paywall);
  }
});

it("records the public facts decision 120 names", () => {
  expect(knownSource("bbc-news")).toMatchObject({
    paywall: "none",
    ownership: { kind: "public broadcaster", funding: expect.stringContaining("licence fee") },
  });
  expect(knownSource("al-jazeera")?.ownership).toMatchObject({
    kind: "state-funded international broadcaster",
    funding: expect.stringContaining("Qatar"),
  });
  expect(knownSource("the-guardian")).toMatchObject({
    paywall: "none",
    ownership: { kind: "trust", owner: expect.stringContaining("Scott Trust") },
  });
  expect(knownSource("wall-street-journal")).toMatchObject({ paywall: "hard" });
  expect(knownSource("associated-press")?.ownership.kind).toBe("cooperative");
  expect(knownSource("nobody")).toBeUndefined();
});
