/** GET /api/v1/feeds/cards.atom: the Atom 1.0 feed of a selection's stories (docs/api.md, Feeds). */
import { cachedResponse } from "@/lib/http/cached-response";
import { methods, route } from "@/lib/http/route";
import { siteOrigin } from "@/lib/http/site-origin";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { cardFeedKey, renderCardFeed } from "@/lib/services/render-card-feed";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    "GET /api/v1/feeds/cards.atom",
    API_CONTRACT["GET /api/v1/feeds/cards.atom"],
    ({ req, query }) => {
      const spec = {
        kind: "cards",
        format: "atom",
        query,
      } as const;
      return cachedResponse(req, cardFeedKey(spec), () => renderCardFeed(spec), {
        origin: siteOrigin(req.headers),
      });
    },
  ),
});
