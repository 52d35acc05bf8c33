import { ApiError } from "@/lib/http/errors";
import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { getHealth } from "@/lib/services/get-health";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/health", API_CONTRACT["GET /api/v1/health"], async ({ query }) => {
    if (query.probe === "live") return { alive: true };
    const health = await getHealth();
    if (health.draining) {
      throw new ApiError("service_unavailable", "This instance is shutting down.", { data: health, headers: { "Retry-After": "5" } });
    }
    if (!health.database.reachable) {
      throw new ApiError("database_unavailable", `Database unreachable: ${health.database.error}`, {
        data: health,
        headers: { "Retry-After": "5" },
      });
    }
    return health;
  }),
});
