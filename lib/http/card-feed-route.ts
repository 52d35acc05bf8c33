/**
 * The four feed routes, one handler configured four times: GET /api/v1/feeds/{cards,blindspots}.
 * {atom,json} (docs/api.md, Feeds). Each route file names its kind and format; the handler
 * validates the query by the route's contract and answers the feed through the shared cache of
 * rendered representations, with links on the request's own origin.
 */
import { cachedResponse } from "@/lib/http/cached-response";
import { methods, route } from "@/lib/http/route";
import { siteOrigin } from "@/lib/http/site-origin";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { cardFeedKey, renderCardFeed, type CardFeedSpec } from "@/lib/services/render-card-feed";

/** The exports of the route file of the feed of `kind` in `format`. */
export function cardFeedRoute(kind: CardFeedSpec["kind"], format: CardFeedSpec["format"]) {
  const key = `GET /api/v1/feeds/${kind}.${format}` as const;
  return methods({
    GET: route(key, API_CONTRACT[key], ({ req, query }) => {
      const spec = { kind, format, query };
      return cachedResponse(req, cardFeedKey(spec), () => renderCardFeed(spec), {
        origin: siteOrigin(req.headers),
      });
    }),
  });
}
