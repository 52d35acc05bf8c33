import { methods, route } from "@/lib/http/route";
import { cardIdParams } from "@/lib/schemas/cards";
import { getCardOrThrow } from "@/lib/services/get-card";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/comparison-cards/[id]", { params: cardIdParams }, ({ params }) => getCardOrThrow(params.id)),
});
