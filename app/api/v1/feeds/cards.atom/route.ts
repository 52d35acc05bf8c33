/** GET /api/v1/feeds/cards.atom: the Atom 1.0 feed of a selection's stories (docs/api.md, Feeds; lib/http/card-feed-route.ts). */
import { cardFeedRoute } from "@/lib/http/card-feed-route";

export const { GET, POST, PUT, PATCH, DELETE } = cardFeedRoute("cards", "atom");
