/**
 * GET /api/v1/comparison-cards (public): the newest cards of a country/category pair or of the
 * landing selection, from the short read cache with an ETag (docs/api.md).
 */

import { cachedJsonResponse } from "@/lib/http/cached-response";
import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { listCards } from "@/lib/services/list-cards";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/comparison-cards", API_CONTRACT["GET /api/v1/comparison-cards"], ({ req, query }) =>
    cachedJsonResponse(req, `cards:${query.country ?? ""}:${query.category ?? ""}:${query.limit}`, () =>
      listCards(query),
    ),
  ),
});
