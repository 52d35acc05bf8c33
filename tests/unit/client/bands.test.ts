import { describe, expect, it } from "vitest";
import { accuracyBand, accuracyFigure, biasLabel } from "@/lib/client/bands";
import { formatCommentTime, formatUpdated } from "@/lib/client/relative-time";

describe("bias bands (docs/product.md §9)", () => {
  it.each([
    [0, "Neutral"],
    [0.19, "Neutral"],
    [-0.19, "Neutral"],
    [0.2, "Slight Right"],
    [-0.2, "Slight Left"],
    [0.49, "Slight Right"],
    [0.5, "Right Leaning"],
    [-0.5, "Left Leaning"],
    [-1, "Left Leaning"],
    [1, "Right Leaning"],
  ])("%d → %s", (score, label) => expect(biasLabel(score)).toBe(label));
});

describe("accuracy bands (docs/product.md §9)", () => {
  it.each([
    [100, "Excellent", "green"],
    [90, "Excellent", "green"],
    [89.9, "Good", "amber"],
    [70, "Good", "amber"],
    [69, "Needs Review", "red"],
    [0, "Needs Review", "red"],
  ])("%d → %s (%s)", (score, label, tone) => expect(accuracyBand(score)).toEqual({ label, tone }));
});

describe("the accuracy figure: what the product measured, for either provider; the bands only for an old model estimate", () => {
  const model = { kind: "openai-compatible" as const, model: "m", label: "Model m" };
  const local = { kind: "local" as const, model: "local-analyzer-v1", label: "Local analyzer" };

  it("keeps 'N% Factual' and the band for a model's estimate stored before the product measured it", () => {
    expect(
      accuracyFigure({ factualAccuracy: 64.6, factualAccuracyMethod: "Model's estimate", provider: model }),
    ).toEqual({
      heading: "Factual Accuracy",
      label: "Needs Review",
      badge: "65% Factual",
      tone: "red",
      percent: 65,
      note: "Model's estimate",
    });
  });

  it("says a model's answer's corroboration counts as the local analyzer's, never a band word", () => {
    const figure = accuracyFigure({
      factualAccuracy: 80,
      factualAccuracyMethod: "Corroboration: 4 of 5 compared details …",
      provider: model,
      corroboration: { corroborated: 4, total: 5 },
    });
    expect(figure).toMatchObject({
      heading: "Corroboration",
      label: "4 of 5 compared details agree between outlets",
      badge: "4 of 5 details corroborated",
      tone: "neutral",
    });
  });

  it("says the local analyzer's counts in neutral colours, never a band word", () => {
    const figure = accuracyFigure({
      factualAccuracy: 50,
      provider: local,
      corroboration: { corroborated: 8, total: 16 },
    });
    expect(figure).toEqual({
      heading: "Corroboration",
      label: "8 of 16 compared details agree between outlets",
      badge: "8 of 16 details corroborated",
      tone: "neutral",
      percent: 50,
      note: "It measures agreement between outlets, not truth; details only one outlet gives are not counted.",
    });
  });

  it.each([
    [
      { corroborated: 1, total: 1 },
      "1 of 1 compared detail agrees between outlets",
      "1 of 1 detail corroborated",
      33,
    ],
    // Nothing compared: no share to show, however the answer's number reads.
    [
      { corroborated: 0, total: 0 },
      "No names or figures to cross-check between outlets",
      "Nothing to cross-check",
      null,
    ],
    [undefined, "33% of details reported by two or more outlets", "33% corroborated", 33],
  ])("local analyzer counts %j", (corroboration, label, badge, percent) => {
    expect(accuracyFigure({ factualAccuracy: 33, provider: local, corroboration })).toMatchObject({
      label,
      badge,
      tone: "neutral",
      percent,
    });
  });
});

describe("relative time (docs/product.md §9)", () => {
  const now = Date.parse("2025-03-10T12:00:00Z");
  it.each([
    [null, "Never"],
    [now - 59_000, "Just now"],
    [now - 60_000, "1m ago"],
    [now - 59 * 60_000, "59m ago"],
    [now - 60 * 60_000, "1h ago"],
    [now - 1439 * 60_000, "23h ago"],
  ])("updated at %s → %s", (at, text) => expect(formatUpdated(at, now)).toBe(text));

  it("shows a local date from a day on", () => {
    const at = now - 1440 * 60_000;
    expect(formatUpdated(at, now)).toBe(new Date(at).toLocaleDateString());
  });

  it("counts days in comment times", () => {
    expect(formatCommentTime(now - 30_000, now)).toBe("Just now");
    expect(formatCommentTime(now - 5 * 60_000, now)).toBe("5m ago");
    expect(formatCommentTime(now - 3 * 3_600_000, now)).toBe("3h ago");
    expect(formatCommentTime(now - 2 * 86_400_000, now)).toBe("2d ago");
  });
});

describe("safeUrl", () => {
  it("keeps http(s) links and drops the rest", async () => {
    const { safeUrl } = await import("@/lib/client/safe-url");
    expect(safeUrl("https://example.test/a?b=1")).toBe("https://example.test/a?b=1");
    expect(safeUrl("http://example.test/")).toBe("http://example.test/");
    expect(safeUrl("javascript:alert(1)")).toBeUndefined();
    expect(safeUrl("data:text/html,x")).toBeUndefined();
    expect(safeUrl("not a url")).toBeUndefined();
    expect(safeUrl(null)).toBeUndefined();
  });
});
