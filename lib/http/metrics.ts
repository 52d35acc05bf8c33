/**
 * In-process request metrics (counts by route and status, latency histogram by route),
 * rendered in Prometheus text format by the operator-only metrics route.
 */

import { metric, metricsText, sample } from "@/lib/prometheus";

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

/** The request metrics in Prometheus text exposition format. */
export function renderRequestMetrics(): string {
  const requests: string[] = [];
  const durations: string[] = [];
  for (const [route, s] of stats) {
    for (const [status, n] of s.byStatus) requests.push(sample("http_requests_total", n, { route, status }));
    BUCKETS_MS.forEach((le, i) =>
      durations.push(sample("http_request_duration_ms_bucket", s.buckets[i], { route, le })),
    );
    durations.push(
      sample("http_request_duration_ms_bucket", s.count, { route, le: "+Inf" }),
      sample("http_request_duration_ms_sum", s.sumMs.toFixed(3), { route }),
      sample("http_request_duration_ms_count", s.count, { route }),
    );
  }
  return metricsText([
    ...metric("http_requests_total", "API requests by route and status.", "counter", requests),
    ...metric("http_request_duration_ms", "API request duration.", "histogram", durations),
  ]);
}
