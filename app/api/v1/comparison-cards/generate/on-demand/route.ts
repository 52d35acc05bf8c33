/**
 * POST /api/v1/comparison-cards/generate/on-demand (reader token, rate limit `generate`): the page
 * asks for cards of an empty country/category pair (docs/api.md).
 */

import { methods, route } from "@/lib/http/route";
import { onDemandBody } from "@/lib/schemas/cards";
import { generateOnDemand } from "@/lib/services/generate-on-demand";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route("POST /api/v1/comparison-cards/generate/on-demand", { body: onDemandBody }, ({ body }) =>
    generateOnDemand(body.country, body.category),
  ),
});
