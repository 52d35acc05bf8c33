/**
 * GET /api/v1/sources (public): the known outlets with their availability, categories, last
 * successful fetch, ownership and paywall, from the short read cache with an ETag (docs/api.md).
 */

import { cachedJsonResponse } from "@/lib/http/cached-response";
import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { listSources } from "@/lib/services/list-sources";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/sources", API_CONTRACT["GET /api/v1/sources"], ({ req }) =>
    cachedJsonResponse(req, "sources", listSources),
  ),
});
