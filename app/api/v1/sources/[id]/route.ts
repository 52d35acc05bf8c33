/**
 * GET /api/v1/sources/{id} (public): one outlet's profile (ownership, paywall, feeds, what it
 * covered and left out in the news window), kept per state of the news window and answered from the
 * short read cache with an ETag; limited per client (docs/api.md).
 */

import { cachedJsonResponse } from "@/lib/http/cached-response";
import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { outletProfileOrThrow, requireOutletId } from "@/lib/services/source-profiles";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    "GET /api/v1/sources/[id]",
    API_CONTRACT["GET /api/v1/sources/[id]"],
    async ({ req, params }) => {
      // The registry's id, or a 404 before any cache key or query (issue 34).
      const id = requireOutletId(params.id);
      return cachedJsonResponse(req, `source:${id}`, () => outletProfileOrThrow(id));
    },
  ),
});
