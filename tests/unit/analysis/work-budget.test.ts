import { describe, expect, it } from "vitest";
import { analyzeLocally } from "@/lib/analysis/local/local-analyzer";
import { ANALYSIS_BUDGET, cutText, WorkBudget } from "@/lib/analysis/work-budget";
import { AnalysisTimeoutError } from "@/lib/analysis/errors";
import { fromDomainError } from "@/lib/http/errors";
import { STORM } from "@/tests/fixtures/analysis-articles";

/** The analysis work budget (issue 14): slices that let the event loop run, a deadline, bounded reading. */
describe("WorkBudget", () => {
  it("yields to the event loop between slices, so a timer runs during a long computation", async () => {
    const budget = new WorkBudget("test", 60_000, 5);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    // Busy work that only ever awaits checkpoints: without yields the timer could never run.
    const until = performance.now() + 5_000;
    while (ticks < 3 && performance.now() < until) await budget.checkpoint();
    clearInterval(timer);
    expect(ticks).toBe(3);
  });

  it("answers 504 once the deadline has passed", async () => {
    const budget = new WorkBudget("local analyzer", 20);
    await new Promise((r) => setTimeout(r, 30));
    const error = await budget.checkpoint().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalysisTimeoutError);
    expect(fromDomainError(error)).toMatchObject({
      code: "provider_timeout",
      status: 504,
      message: "The local analyzer did not finish within 0 s.",
    });
  });

  it("cuts text at a space near the limit, never inside a surrogate pair, adding nothing", () => {
    expect(cutText("short", 10)).toBe("short");
    expect(cutText("alpha beta gamma", 12)).toBe("alpha beta");
    expect(cutText("x".repeat(500), 300)).toBe("x".repeat(300));
    expect(cutText(`${"a".repeat(9)}😀b`, 10)).toBe("a".repeat(9));
  });
});

describe("the local analyzer's reading budget", () => {
  it("reads only the first part of a very long article", async () => {
    const filler = "The harbour authority kept the road closed. ".repeat(
      Math.ceil(ANALYSIS_BUDGET.articleChars / 44),
    );
    const late = "Inspector Quillfeather Marchbanks said the repairs were late.";
    const long = { ...STORM[0], content: `${STORM[0].content} ${filler}${late}` };
    const other = { ...STORM[1], content: `${STORM[1].content} ${late}` };
    // Past the budget the name is not read, so it is not shared by both reports …
    const result = await analyzeLocally([long, other]);
    expect(JSON.stringify(result.commonPoints)).not.toContain("Quillfeather");
    // … while within it, it is.
    const short = await analyzeLocally([{ ...STORM[0], content: `${STORM[0].content} ${late}` }, other]);
    expect(JSON.stringify(short.commonPoints)).toContain("Quillfeather");
  });
});
