/**
 * GET /api/v1/comparison-cards/status/scheduler (public): the scheduler's last and next run and
 * each outlet's feed health; called with the cron secret it first refreshes the due feeds (docs/api.md).
 * What anyone sees is answered from the short read cache with an ETag (issue 34: about 10 ms of
 * queries each, uncached, held the liveness probe at 119 ms under four clients); the operator's
 * details and the cron's refresh are computed for each call.
 */

import { cachedJsonResponse } from "@/lib/http/cached-response";
import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { getSchedulerStatus } from "@/lib/services/get-scheduler-status";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    "GET /api/v1/comparison-cards/status/scheduler",
    API_CONTRACT["GET /api/v1/comparison-cards/status/scheduler"],
    ({ req, principal }) => {
      const trigger = principal.kind === "cron";
      const detail = trigger || (principal.kind === "user" && principal.user.role === "operator");
      if (trigger || detail) return getSchedulerStatus({ trigger, detail });
      return cachedJsonResponse(req, "scheduler-status", () =>
        getSchedulerStatus({ trigger: false, detail: false }),
      );
    },
  ),
});
