/** The health route's query. */

import { z } from "zod";

/** `?probe=live` answers whether the process is alive; the default (ready) also checks the database. */
export const healthQuery = z.object({ probe: z.enum(["live", "ready"]).default("ready") });
