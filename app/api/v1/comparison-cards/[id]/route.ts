/**
 * GET /api/v1/comparison-cards/{id} (public): one card with every article in full, from the short
 * read cache with an ETag; a retired id answers its successor (docs/api.md).
 */

import { cachedJsonResponse } from "@/lib/http/cached-response";
import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { getCardOrThrow } from "@/lib/services/get-card";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    "GET /api/v1/comparison-cards/[id]",
    API_CONTRACT["GET /api/v1/comparison-cards/[id]"],
    ({ req, params }) => cachedJsonResponse(req, `card:${params.id}`, () => getCardOrThrow(params.id)),
  ),
});
