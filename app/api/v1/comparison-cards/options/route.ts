/**
 * GET /api/v1/comparison-cards/options (public): the supported countries and categories and the
 * landing selection, from lib/catalog.ts (docs/api.md).
 */

import { comparisonOptions } from "@/lib/catalog";
import { methods, route } from "@/lib/http/route";
import { noQuery } from "@/lib/schemas/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/comparison-cards/options", { query: noQuery }, async () => comparisonOptions()),
});
