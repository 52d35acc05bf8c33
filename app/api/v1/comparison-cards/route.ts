import { methods, route } from "@/lib/http/route";
import { cardListQuery } from "@/lib/schemas/cards";
import { listCards } from "@/lib/services/list-cards";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/comparison-cards", { query: cardListQuery }, ({ query }) => listCards(query)),
});
