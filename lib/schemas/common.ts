/** Schemas shared by several routes. */

import { z } from "zod";

/** For routes that take no query: unknown parameters (cache busters) are ignored. */
export const noQuery = z.object({});
