/** GET /api/v1/feeds/blindspots.atom: the Atom 1.0 feed of a selection's blindspot stories (docs/api.md, Feeds; lib/http/card-feed-route.ts). */
import { cardFeedRoute } from "@/lib/http/card-feed-route";

export const { GET, POST, PUT, PATCH, DELETE } = cardFeedRoute("blindspots", "atom");
