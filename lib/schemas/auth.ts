/** The login contract: what POST /api/v1/auth/login takes and answers. */

import { z } from "zod";
import { text } from "./common";

export const loginBody = z.object({
  username: text().trim().min(1, "is required").max(64),
  password: text().min(1, "is required").max(256),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({
  token: z.string(),
  user: z.object({ username: z.string(), role: z.enum(["reader", "operator"]) }),
  expiresAt: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** What POST /api/v1/auth/logout answers: the token it ended, and until when it would have lasted. */
export const logoutResponse = z.object({
  loggedOut: z.literal(true),
  /** When the token would have expired; it is refused from now on. */
  expiresAt: z.string(),
});
export type LogoutResponse = z.infer<typeof logoutResponse>;
