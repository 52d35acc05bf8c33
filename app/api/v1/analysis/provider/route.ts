/**
 * GET /api/v1/analysis/provider (public): which provider answers analyses on this server, so the
 * page can name it before any analysis runs (docs/api.md).
 */

import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { getAnalysisProvider } from "@/lib/services/get-analysis-provider";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/analysis/provider", API_CONTRACT["GET /api/v1/analysis/provider"], () =>
    getAnalysisProvider(),
  ),
});
