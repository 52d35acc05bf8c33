/**
 * In-process request metrics (counts by route and status, latency histogram by route),
 * rendered in Prometheus text format by the operator-only metrics route.
 */

const BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000];

interface RouteStats {
  byStatus: Map<number, number>;
  buckets: number[];
  sumMs: number;
  count: number;
}

const holder = globalThis as unknown as { __newsMetrics?: Map<string, RouteStats> };
const stats = (holder.__newsMetrics ??= new Map());

/** Counts one request of a route with its status and duration. */
export function recordRequest(route: string, status: number, ms: number): void {
  let s = stats.get(route);
  if (!s)
    stats.set(route, (s = { byStatus: new Map(), buckets: BUCKETS_MS.map(() => 0), sumMs: 0, count: 0 }));
  s.byStatus.set(status, (s.byStatus.get(status) ?? 0) + 1);
  s.count++;
  s.sumMs += ms;
  BUCKETS_MS.forEach((limit, i) => {
    if (ms <= limit) s.buckets[i]++;
  });
}

const label = (v: string) => v.replaceAll("\\", "\\\\").replaceAll('"', '\\"');

/** The request metrics in Prometheus text exposition format. */
export function renderRequestMetrics(): string {
  const lines = [
    "# HELP http_requests_total API requests by route and status.",
    "# TYPE http_requests_total counter",
  ];
  for (const [route, s] of stats) {
    for (const [status, n] of s.byStatus)
      lines.push(`http_requests_total{route="${label(route)}",status="${status}"} ${n}`);
  }
  lines.push(
    "# HELP http_request_duration_ms API request duration.",
    "# TYPE http_request_duration_ms histogram",
  );
  for (const [route, s] of stats) {
    const r = label(route);
    BUCKETS_MS.forEach((limit, i) =>
      lines.push(`http_request_duration_ms_bucket{route="${r}",le="${limit}"} ${s.buckets[i]}`),
    );
    lines.push(`http_request_duration_ms_bucket{route="${r}",le="+Inf"} ${s.count}`);
    lines.push(`http_request_duration_ms_sum{route="${r}"} ${s.sumMs.toFixed(3)}`);
    lines.push(`http_request_duration_ms_count{route="${r}"} ${s.count}`);
  }
  return lines.join("\n") + "\n";
}
