/**
 * GET /api/v1/comparison-cards/status/scheduler (public): the scheduler's last and next run and
 * each outlet's feed health; called with the cron secret it first refreshes the due feeds (docs/api.md).
 */

import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { getSchedulerStatus } from "@/lib/services/get-scheduler-status";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    "GET /api/v1/comparison-cards/status/scheduler",
    API_CONTRACT["GET /api/v1/comparison-cards/status/scheduler"],
    ({ principal }) =>
      getSchedulerStatus({
        trigger: principal.kind === "cron",
        detail:
          principal.kind === "cron" || (principal.kind === "user" && principal.user.role === "operator"),
      }),
  ),
});
