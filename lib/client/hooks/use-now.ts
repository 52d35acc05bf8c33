"use client";

/**
 * A hook for the current time, so relative times ('5m ago') stay current without a hydration
 * mismatch.
 */

import { useSyncExternalStore } from "react";

/** The current time, updated every `every` ms; null while rendering on the server (and hydrating). */
export function useNow(every = 30_000): number | null {
  return useSyncExternalStore(
    (onChange) => {
      const timer = setInterval(onChange, every);
      return () => clearInterval(timer);
    },
    () => Math.floor(Date.now() / every) * every,
    () => null,
  );
}
