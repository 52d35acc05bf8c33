/** The outlet contract: one entry of GET /api/v1/sources. */

import { z } from "zod";
import { biasRating } from "./cards";

export const sourceInfo = z.object({
  id: z.string(),
  name: z.string(),
  homepage: z.string(),
  url: z.string().nullable(),
  color: z.string(),
  icon: z.string(),
  biasRating,
  biasRatingSource: z.string(),
  region: z.string(),
  country: z.string(),
  coverage: z.array(z.string()),
  /** False when the outlet publishes no usable public feed; unavailableReason says why. */
  available: z.boolean(),
  unavailableReason: z.string().nullable(),
  categories: z.array(z.string()),
  lastSuccessAt: z.string().nullable(),
});
export type SourceInfo = z.infer<typeof sourceInfo>;
