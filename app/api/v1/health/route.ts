/**
 * GET /api/v1/health (public): `?probe=live` says the process is alive; the default readiness check
 * answers 503 while the database is unreachable or the instance is shutting down (docs/api.md).
 */

import { ApiError } from "@/lib/http/errors";
import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { getHealth, publicHealth } from "@/lib/services/get-health";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/health", API_CONTRACT["GET /api/v1/health"], async ({ query, principal, log }) => {
    if (query.probe === "live") return { alive: true };
    const health = await getHealth();
    // The details (where the data is, the driver's error) are the operator's, and the log's.
    const operator = principal.kind === "user" && principal.user.role === "operator";
    const shown = operator ? health : publicHealth(health);
    if (health.draining) {
      throw new ApiError("service_unavailable", "This instance is shutting down.", {
        data: shown,
        headers: { "Retry-After": "5" },
      });
    }
    if (!health.database.reachable) {
      log.warn({ database: health.database }, "health: database unreachable");
      const message = operator
        ? `Database unreachable: ${health.database.error}`
        : "The database is unreachable.";
      throw new ApiError("database_unavailable", message, { data: shown, headers: { "Retry-After": "5" } });
    }
    return shown;
  }),
});
