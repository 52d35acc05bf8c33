import "server-only";

/** The logout behind POST /api/v1/auth/logout: the caller's own token ended before its expiry. */

import { revokeToken } from "@/lib/auth/credentials";
import type { LogoutResponse } from "@/lib/schemas/auth";

/**
 * Ends the token `tokenId` (its verified `jti`) on every instance: from the next request on it is
 * refused as invalid (401), as one issued under an old password is (decision 115).
 */
export async function logout(tokenId: string, expiresAt: Date): Promise<LogoutResponse> {
  await revokeToken(tokenId, expiresAt);
  return { loggedOut: true, expiresAt: expiresAt.toISOString() };
}
