/**
 * POST /api/v1/analysis/compare-articles (reader token, rate limit `analysis`): compares a card's
 * articles through analyzeArticles. Other methods answer 405 (docs/api.md).
 */

import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { analyzeArticles } from "@/lib/services/analyze-articles";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    "POST /api/v1/analysis/compare-articles",
    API_CONTRACT["POST /api/v1/analysis/compare-articles"],
    ({ body }) => analyzeArticles(body),
  ),
});
