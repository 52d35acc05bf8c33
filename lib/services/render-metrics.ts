import "server-only";
import { renderRequestMetrics } from "@/lib/http/metrics";

/** Operator metrics in Prometheus text format: requests and latencies of this instance. */
export async function renderMetrics(): Promise<string> {
  return renderRequestMetrics();
}
