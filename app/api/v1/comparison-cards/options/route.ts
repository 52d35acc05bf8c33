/**
 * GET /api/v1/comparison-cards/options (public): the supported countries and categories and the
 * landing selection, from lib/catalog.ts (docs/api.md).
 */

import { comparisonOptions } from "@/lib/catalog";
import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    "GET /api/v1/comparison-cards/options",
    API_CONTRACT["GET /api/v1/comparison-cards/options"],
    async () => comparisonOptions(),
  ),
});
