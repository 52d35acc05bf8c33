"use client";

/** The filter options' SWR hook, with the built-in lists while the server cannot answer. */

import { useEffect } from "react";
import useSWR from "swr";
import type { ComparisonOptions } from "@/lib/catalog";
import { FALLBACK_OPTIONS, loadOptions, OPTIONS_PATH } from "../options";

/** GET /comparison-cards/options, or the built-in fallback of docs/product.md §7 while it fails. */
export function useOptions(): { options: ComparisonOptions; loaded: boolean } {
  const { data, error } = useSWR(OPTIONS_PATH, loadOptions, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  useEffect(() => {
    if (error) console.warn("Options could not be loaded; using the built-in lists.", error);
  }, [error]);
  return { options: data ?? FALLBACK_OPTIONS, loaded: data !== undefined };
}
