"use client";

/** A hook that says whether the page has hydrated, for texts that differ between server and reader. */

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while rendering on the server and hydrating, true after: texts that depend on the reader's
 * time zone render the server's words first (so hydration matches), then the reader's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
