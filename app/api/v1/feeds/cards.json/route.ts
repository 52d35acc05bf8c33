/** GET /api/v1/feeds/cards.json: the JSON Feed 1.1 of a selection's stories (docs/api.md, Feeds; lib/http/card-feed-route.ts). */
import { cardFeedRoute } from "@/lib/http/card-feed-route";

export const { GET, POST, PUT, PATCH, DELETE } = cardFeedRoute("cards", "json");
