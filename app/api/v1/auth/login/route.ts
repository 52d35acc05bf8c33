/**
 * POST /api/v1/auth/login (public, limited per IP and per username): exchanges a username and
 * password for an access token (docs/api.md).
 */

import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { login } from "@/lib/services/login";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route("POST /api/v1/auth/login", API_CONTRACT["POST /api/v1/auth/login"], ({ body, client }) =>
    login(body, client),
  ),
});
