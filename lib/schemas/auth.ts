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
