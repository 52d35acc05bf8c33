/** The comparison options (docs/product.md §3) and the built-in fallback of docs/product.md §7. */

import { comparisonOptions, type ComparisonOptions } from "@/lib/catalog";
import { publicRequest } from "./auth";

export const OPTIONS_PATH = "/comparison-cards/options";
export const FALLBACK_OPTIONS: ComparisonOptions = comparisonOptions();

let pending: Promise<ComparisonOptions> | null = null;

/** One shared request for the options (the start-up and the SWR hook use the same call). */
export function loadOptions(): Promise<ComparisonOptions> {
  pending ??= publicRequest<ComparisonOptions>(OPTIONS_PATH).catch((error) => {
    pending = null;
    throw error;
  });
  return pending;
}
