/**
 * Prometheus's text exposition format, written in one place for every part of the operator
 * metrics (GET /api/v1/metrics): a metric's HELP and TYPE lines, then its samples.
 */

export type MetricType = "counter" | "gauge" | "histogram";
export type Labels = Record<string, string | number>;

/** A label's value as the format quotes it: backslash and quote escaped, a line break a space. */
const labelValue = (v: string) => v.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", " ");

/** One sample line: `name{key="value",…} value`, or `name value` without labels. */
export function sample(name: string, value: number | string, labels: Labels = {}): string {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${labelValue(String(v))}"`);
  return `${name}${pairs.length ? `{${pairs.join(",")}}` : ""} ${value}`;
}

/** A metric: its HELP and TYPE lines, then its samples (lines of `sample`), or its one unlabelled value. */
export function metric(
  name: string,
  help: string,
  type: MetricType,
  samples: readonly string[] | number | string,
): string[] {
  const lines = typeof samples === "object" ? samples : [sample(name, samples)];
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...lines];
}

/** Metrics' lines as the format's text: one line each, ending with a line break. */
export const metricsText = (lines: readonly string[]) => lines.join("\n") + "\n";
