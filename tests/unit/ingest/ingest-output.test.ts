import { expect, it } from "vitest";
import type { JobOutcome } from "@/lib/ingest/pipeline";
import type { IngestSummary } from "@/lib/services/run-ingest";
import { createProgressPrinter, formatSummary } from "@/scripts/ingest-output";

const outcome = (over: Partial<JobOutcome>): JobOutcome => ({
  key: "bbc-news:general",
  sourceId: "bbc-news",
  sourceName: "BBC News",
  feedId: "bbc-news:general",
  category: "general",
  label: "http://x",
  status: "ok",
  httpStatus: 200,
  bytes: 1000,
  items: 10,
  newCount: 8,
  updated: 1,
  unchanged: 1,
  tooOld: 0,
  rejected: 0,
  durationMs: 1234,
  error: null,
  windowEnd: new Date(0),
  stageMs: { fetch: 0, parse: 0, normalize: 0, store: 0 },
  ...over,
});

function fakeStream(isTTY: boolean) {
  const chunks: string[] = [];
  return {
    chunks,
    stream: { isTTY, columns: 120, write: (c: string) => chunks.push(c) } as unknown as NodeJS.WriteStream,
  };
}

const planned = {
  type: "planned" as const,
  runId: "run1",
  jobs: [
    {
      key: "bbc-news:general",
      sourceId: "bbc-news",
      sourceName: "BBC News",
      category: "general" as const,
      label: "u1",
    },
    {
      key: "bbc-news:business",
      sourceId: "bbc-news",
      sourceName: "BBC News",
      category: "business" as const,
      label: "u2",
    },
    { key: "cnn:general", sourceId: "cnn", sourceName: "CNN", category: "general" as const, label: "u3" },
  ],
};

it("draws one bar per source on a terminal and redraws it in place", () => {
  const { chunks, stream } = fakeStream(true);
  const printer = createProgressPrinter(stream);
  printer.onProgress(planned);
  printer.onProgress({ type: "job-done", outcome: outcome({}) });
  printer.finish();
  const last = chunks.at(-1)!;
  expect(last.startsWith("\x1b[2A")).toBe(true); // cursor back up over the two bars
  expect(last).toContain("BBC News   [##########----------] 1/2 feeds  new 8  upd 1  same 1  failed 0");
  expect(last).toContain("CNN        [--------------------] 0/1 feeds");
});

it("prints a line per finished feed when not on a terminal", () => {
  const { chunks, stream } = fakeStream(false);
  const printer = createProgressPrinter(stream);
  printer.onProgress(planned);
  printer.onProgress({
    type: "job-done",
    outcome: outcome({ key: "cnn:general", sourceId: "cnn", status: "error", error: "HTTP 500", items: 0 }),
  });
  expect(chunks.join("")).toBe(
    "Ingesting 3 feeds of 2 sources (run run1)\ncnn:general                        error: HTTP 500 (1234 ms)\n",
  );
});

it("summarises per source with totals, failures, unavailable outlets and skipped files", () => {
  const summary = {
    runId: "run1",
    status: "partial",
    durationMs: 2500,
    purged: 3,
    outcomes: [
      outcome({}),
      outcome({
        key: "cnn:general",
        sourceId: "cnn",
        sourceName: "CNN",
        status: "error",
        error: "HTTP 500",
        newCount: 0,
        updated: 0,
        unchanged: 0,
      }),
    ],
    unavailable: [{ sourceId: "reuters", name: "Reuters", reason: "No public RSS." }],
    skippedFiles: [{ file: "other-x.xml", reason: "not one of the 19 known outlets" }],
  } as unknown as IngestSummary;
  expect(formatSummary(summary)).toBe(
    [
      "source    feeds  new  updated  unchanged  failed   time",
      "BBC News      1    8        1          1       0  1.2 s",
      "CNN           1    0        0          0       1  1.2 s",
      "total         2    8        1          1       1  2.5 s",
      "",
      "Failed or skipped:",
      "  cnn:general: HTTP 500",
      "",
      "Unavailable (no public feed):",
      "  Reuters: No public RSS.",
      "",
      "Files skipped:",
      "  other-x.xml: not one of the 19 known outlets",
      "",
      "Run run1: partial; 3 articles older than 72 hours purged.",
    ].join("\n"),
  );
});
