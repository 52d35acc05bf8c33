/** GET /api/v1/openapi.json: the API's OpenAPI 3.1 document, generated from the routes' schemas (docs/api.md, OpenAPI). */
import { cachedResponse } from "@/lib/http/cached-response";
import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { buildOpenApiDocument } from "@/lib/services/build-openapi-document";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/openapi.json", API_CONTRACT["GET /api/v1/openapi.json"], ({ req }) =>
    cachedResponse(req, "openapi", async () => ({
      body: JSON.stringify(buildOpenApiDocument()),
      type: "application/json",
    })),
  ),
});
