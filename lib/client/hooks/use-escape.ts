"use client";

/** A hook that runs a callback on Escape, so panels and drawers close with it. */

import { useEffect } from "react";

/** Calls `onEscape` when Escape is pressed, while `active`. */
export function useEscape(onEscape: () => void, active = true): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onEscape();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onEscape, active]);
}
