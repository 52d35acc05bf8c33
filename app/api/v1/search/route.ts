import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { searchArticles } from "@/lib/services/search-articles";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/search", API_CONTRACT["GET /api/v1/search"], async ({ query }) => searchArticles(query)),
});
