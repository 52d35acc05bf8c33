"use client";

/**
 * A hook for the current time, so relative times ('5m ago') stay current without a hydration
 * mismatch.
 */

import { createContext, useContext, useSyncExternalStore } from "react";

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

/**
 * The server's clock when it rendered a page (the story page provides it), so relative times read
 * the same on the server and while hydrating, then follow the reader's clock.
 */
export const ServerNowContext = createContext<number | null>(null);

/** useNow, falling back to the server's clock where the page provides one. */
export function useNowOrServer(every = 30_000): number | null {
  const now = useNow(every);
  const server = useContext(ServerNowContext);
  return now ?? server;
}
