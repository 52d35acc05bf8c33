"use client";

/** The toast: a short confirmation at the bottom of the screen that goes away by itself. */

import { useEffect } from "react";

/** A short message at the bottom of the screen (e.g. 'Link copied to clipboard!'), read out politely. */
export function Toast({ message, onDone }: { message: string | null; onDone: () => void }) {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onDone, 3500);
    return () => clearTimeout(timer);
  }, [message, onDone]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {message && (
        <p
          className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg"
          data-testid="toast"
        >
          {message}
        </p>
      )}
    </div>
  );
}
