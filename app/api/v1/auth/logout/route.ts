/**
 * POST /api/v1/auth/logout (a reader's or the operator's token): ends the token it is called
 * with, before its expiry, on every instance (docs/api.md).
 */

import { ApiError } from "@/lib/http/errors";
import { methods, route } from "@/lib/http/route";
import { API_CONTRACT } from "@/lib/schemas/api-contract";
import { logout } from "@/lib/services/logout";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route("POST /api/v1/auth/logout", API_CONTRACT["POST /api/v1/auth/logout"], ({ principal }) => {
    // The access rule admits only a user's token here; the check keeps the types honest.
    if (principal.kind !== "user")
      throw new ApiError("unauthorized", "Log in first: this request needs a bearer token.");
    return logout(principal.tokenId, principal.tokenExpiresAt);
  }),
});
