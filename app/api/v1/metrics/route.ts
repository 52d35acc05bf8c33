/** GET /api/v1/metrics (operator token): Prometheus text, rendered by renderMetrics (docs/api.md). */

import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { renderMetrics } from "@/lib/services/render-metrics";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    "GET /api/v1/metrics",
    API_CONTRACT["GET /api/v1/metrics"],
    async () =>
      new Response(await renderMetrics(), {
        headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8" },
      }),
  ),
});
