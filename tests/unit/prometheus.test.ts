import { describe, expect, it } from "vitest";
import { metric, metricsText, sample } from "@/lib/prometheus";

describe("Prometheus text format", () => {
  it("writes a metric's HELP and TYPE lines, then its one value", () => {
    expect(metric("articles_stored", "Articles in the 72-hour store.", "gauge", 42)).toEqual([
      "# HELP articles_stored Articles in the 72-hour store.",
      "# TYPE articles_stored gauge",
      "articles_stored 42",
    ]);
  });

  it("writes labelled samples with their values quoted as the format asks", () => {
    const lines = metric("http_requests_total", "API requests by route and status.", "counter", [
      sample("http_requests_total", 3, { route: 'GET /a"b\\c', status: 200 }),
      sample("http_requests_total", 1, { route: "two\nlines", status: 404 }),
    ]);
    expect(lines.slice(2)).toEqual([
      'http_requests_total{route="GET /a\\"b\\\\c",status="200"} 3',
      'http_requests_total{route="two lines",status="404"} 1',
    ]);
  });

  it("keeps a metric with no samples to its two header lines, and ends the text with a line break", () => {
    const lines = metric("feeds_failing", "Feeds whose last fetch failed, per source.", "gauge", []);
    expect(lines).toHaveLength(2);
    expect(metricsText(lines)).toBe(`${lines.join("\n")}\n`);
  });
});
