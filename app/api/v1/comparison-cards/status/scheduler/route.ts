import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { getSchedulerStatus } from "@/lib/services/get-scheduler-status";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/comparison-cards/status/scheduler", API_CONTRACT["GET /api/v1/comparison-cards/status/scheduler"], ({ principal }) =>
    getSchedulerStatus({ trigger: principal.kind === "cron" }),
  ),
});
