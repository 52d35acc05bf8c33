import { expect, it } from "vitest";
import { GET as healthRoute } from "@/app/api/v1/health/route";
import { GET as metricsRoute } from "@/app/api/v1/metrics/route";
import { GET as sourcesRoute } from "@/app/api/v1/sources/route";
import { signAccessToken } from "@/lib/auth/tokens";
import { call } from "@/tests/helpers/api";

it("GET /api/v1/sources lists the 19 outlets and shows those without a feed as unavailable", async () => {
  const res = await call<{ data: Array<Record<string, unknown>> }>(sourcesRoute, "/api/v1/sources");
  expect(res.status).toBe(200);
  expect(res.json.data).toHaveLength(19);
  const byId = new Map(res.json.data.map((s) => [s.id, s]));
  expect(byId.get("reuters")).toMatchObject({
    available: false,
    categories: [],
    unavailableReason: expect.stringContaining("2020"),
  });
  expect(byId.get("bbc-news")).toMatchObject({
    available: true,
    name: "BBC News",
    region: "Europe",
    biasRating: "center",
    lastSuccessAt: null,
    categories: ["business", "entertainment", "general", "health", "science", "sports", "technology"],
  });
  expect(Object.keys(byId.get("cnn")!)).not.toContain("createdAt");
});

it("GET /api/v1/metrics answers Prometheus text with request counts and latencies", async () => {
  await call(healthRoute, "/api/v1/health");
  const { token } = await signAccessToken({ username: "operator", role: "operator" });
  const res = await call(metricsRoute, "/api/v1/metrics", { token });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  expect(res.text).toMatch(/^# HELP http_requests_total /);
  expect(res.text).toMatch(/http_requests_total\{route="GET \/api\/v1\/health",status="200"\} [1-9]\d*/);
  expect(res.text).toMatch(
    /http_request_duration_ms_bucket\{route="GET \/api\/v1\/health",le="\+Inf"\} [1-9]/,
  );
  expect(res.text).toContain('feeds_failing{source="bbc-news"} 0');
  expect(res.text).toMatch(/^analysis_cache_hits_total 0$/m);
  expect(res.text).toMatch(/^analysis_cache_hit_ratio 0$/m);
  expect(res.text).toMatch(/^comparison_cards_live 0$/m);
});
