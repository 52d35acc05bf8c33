/**
 * GET /api/v1/search (public): the header's topic search over the stored articles of the news
 * window (docs/api.md, docs/decisions/042-topic-search.md).
 */

import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { searchArticles } from "@/lib/services/search-articles";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/search", API_CONTRACT["GET /api/v1/search"], async ({ query }) =>
    searchArticles(query),
  ),
});
