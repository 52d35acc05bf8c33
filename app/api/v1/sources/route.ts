import { methods, route } from "@/lib/http/route";
import { noQuery } from "@/lib/schemas/common";
import { listSources } from "@/lib/services/list-sources";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route("GET /api/v1/sources", { query: noQuery }, () => listSources()),
});
