/** What `npm run ingest` prints: live progress per source, then a summary table. */
import type { JobOutcome } from "@/lib/ingest/pipeline";
import type { IngestProgressEvent, IngestSummary } from "@/lib/services/run-ingest";

interface SourceProgress {
  name: string;
  jobs: number;
  done: number;
  newCount: number;
  updated: number;
  unchanged: number;
  failed: number;
  bytes: number;
  ms: number;
}

const BAR_WIDTH = 20;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function bar(done: number, total: number): string {
  const filled = total ? Math.round((done / total) * BAR_WIDTH) : BAR_WIDTH;
  return `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}]`;
}

function line(p: SourceProgress, width: number): string {
  const counts = `${p.done}/${p.jobs} feeds  new ${p.newCount}  upd ${p.updated}  same ${p.unchanged}  failed ${p.failed}`;
  const kb = p.bytes ? `  ${Math.round(p.bytes / 1024)} kB` : "";
  return `${p.name.padEnd(width)} ${bar(p.done, p.jobs)} ${counts}${kb}`;
}

function describeOutcome(o: JobOutcome): string {
  const what =
    o.status === "ok"
      ? `${o.items} items: ${o.newCount} new, ${o.updated} updated, ${o.unchanged} unchanged${o.tooOld ? `, ${o.tooOld} older than 72 h` : ""}${o.rejected ? `, ${o.rejected} unusable` : ""}`
      : o.status === "not_modified"
        ? "not modified (304)"
        : `${o.status}: ${o.error}`;
  return `${o.key.padEnd(34)} ${what} (${o.durationMs} ms)`;
}

/**
 * Progress as events arrive: on a terminal one bar per source, redrawn in place; otherwise
 * (CI logs, pipes) one line per finished feed.
 */
export function createProgressPrinter(stream: NodeJS.WriteStream = process.stdout) {
  const tty = !!stream.isTTY;
  const sources = new Map<string, SourceProgress>();
  const jobSource = new Map<string, string>();
  const jobBytes = new Map<string, number>();
  let drawn = 0;
  let width = 10;
  let lastDraw = 0;

  const draw = (force = false) => {
    if (!tty || (!force && Date.now() - lastDraw < 100)) return;
    lastDraw = Date.now();
    const lines = [...sources.values()].map((p) => line(p, width));
    let out = drawn ? `\x1b[${drawn}A` : "";
    for (const l of lines) out += `\x1b[2K${l.slice(0, (stream.columns ?? 120) - 1)}\n`;
    stream.write(out);
    drawn = lines.length;
  };

  return {
    onProgress(event: IngestProgressEvent) {
      if (event.type === "planned") {
        for (const job of event.jobs) {
          jobSource.set(job.key, job.sourceId);
          const p = sources.get(job.sourceId) ?? {
            name: job.sourceName,
            jobs: 0,
            done: 0,
            newCount: 0,
            updated: 0,
            unchanged: 0,
            failed: 0,
            bytes: 0,
            ms: 0,
          };
          p.jobs++;
          sources.set(job.sourceId, p);
          width = Math.max(width, job.sourceName.length);
        }
        if (!tty)
          stream.write(
            `Ingesting ${event.jobs.length} feeds of ${sources.size} sources (run ${event.runId})\n`,
          );
        draw(true);
      } else if (event.type === "file-skipped") {
        if (!tty) stream.write(`skipped ${event.file}: ${event.reason}\n`);
      } else if (event.type === "job-bytes") {
        const p = sources.get(jobSource.get(event.key) ?? "");
        if (p) {
          p.bytes += event.bytes - (jobBytes.get(event.key) ?? 0);
          jobBytes.set(event.key, event.bytes);
        }
        draw();
      } else if (event.type === "job-done") {
        const o = event.outcome;
        const p = sources.get(o.sourceId);
        if (p) {
          p.done++;
          p.newCount += o.newCount;
          p.updated += o.updated;
          p.unchanged += o.unchanged;
          p.failed += o.status === "error" ? 1 : 0;
        }
        if (tty) draw(true);
        else stream.write(`${describeOutcome(o)}\n`);
      }
    },
    finish() {
      draw(true);
    },
  };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "))
    .join("\n");
}

/** The summary table: one row per source, then totals, then what failed or was skipped. */
export function formatSummary(summary: IngestSummary): string {
  const bySource = new Map<string, { name: string; outcomes: JobOutcome[] }>();
  for (const o of summary.outcomes) {
    const entry = bySource.get(o.sourceId) ?? { name: o.sourceName, outcomes: [] };
    entry.outcomes.push(o);
    bySource.set(o.sourceId, entry);
  }
  const row = (name: string, os: JobOutcome[], ms: number) => [
    name,
    String(os.length),
    String(os.reduce((n, o) => n + o.newCount, 0)),
    String(os.reduce((n, o) => n + o.updated, 0)),
    String(os.reduce((n, o) => n + o.unchanged, 0)),
    String(os.filter((o) => o.status === "error").length),
    seconds(ms),
  ];
  const rows = [["source", "feeds", "new", "updated", "unchanged", "failed", "time"]];
  for (const { name, outcomes } of [...bySource.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    rows.push(row(name, outcomes, Math.max(...outcomes.map((o) => o.durationMs))));
  }
  rows.push(row("total", summary.outcomes, summary.durationMs));
  const out = [table(rows)];
  const failed = summary.outcomes.filter((o) => o.status === "error" || o.status === "skipped");
  if (failed.length) out.push("", "Failed or skipped:", ...failed.map((o) => `  ${o.key}: ${o.error}`));
  if (summary.unavailable.length)
    out.push(
      "",
      "Unavailable (no public feed):",
      ...summary.unavailable.map((u) => `  ${u.name}: ${u.reason}`),
    );
  if (summary.skippedFiles.length)
    out.push("", "Files skipped:", ...summary.skippedFiles.map((f) => `  ${f.file}: ${f.reason}`));
  out.push(
    "",
    `Run ${summary.runId}: ${summary.status}; ${summary.purged} articles older than 72 hours purged.`,
  );
  return out.join("\n");
}
