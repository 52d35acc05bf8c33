/**
 * POST /api/v1/comparison-cards/generate (operator token, rate limit `generate`): ingests every
 * feed covering a country, then re-clusters (docs/api.md).
 */

import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { generateCards } from "@/lib/services/generate-cards";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    "POST /api/v1/comparison-cards/generate",
    API_CONTRACT["POST /api/v1/comparison-cards/generate"],
    ({ body }) => generateCards(body.country),
  ),
});
