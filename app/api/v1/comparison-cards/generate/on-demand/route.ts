/**
 * POST /api/v1/comparison-cards/generate/on-demand (reader token, rate limit `generate`): the page
 * asks for cards of an empty country/category pair (docs/api.md).
 */

import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { generateOnDemand } from "@/lib/services/generate-on-demand";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    "POST /api/v1/comparison-cards/generate/on-demand",
    API_CONTRACT["POST /api/v1/comparison-cards/generate/on-demand"],
    ({ body }) => generateOnDemand(body.country, body.category),
  ),
});
