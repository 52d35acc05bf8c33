/**
 * GET /api/v1/sources/{id} (public): one outlet's profile (ownership, paywall, feeds, what it
 * covered and left out in the news window), from the short read cache with an ETag (docs/api.md).
 */

import { cachedJsonResponse } from "@/lib/http/cached-response";
import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { getSourceProfileOrThrow } from "@/lib/services/get-source-profile";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/sources/[id]", API_CONTRACT["GET /api/v1/sources/[id]"], ({ req, params }) =>
    cachedJsonResponse(req, `source:${params.id}`, () => getSourceProfileOrThrow(params.id)),
  ),
});
