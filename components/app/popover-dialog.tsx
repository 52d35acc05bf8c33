"use client";

/** The panel the header's buttons open under the header (cache statistics, settings). */

import { useEffect, useRef, type ReactNode } from "react";
import { useEscape } from "@/lib/client/hooks/use-escape";

interface Props {
  id: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A non-modal panel under the header (cache statistics, settings): the header button that
 * opened it stays usable to close it again; Escape and the × close it too.
 */
export function PopoverDialog({ id, title, closeLabel, onClose, children }: Props) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  useEscape(onClose);
  return (
    <div
      id={id}
      role="dialog"
      aria-labelledby={`${id}-title`}
      className="fixed inset-x-4 top-28 z-40 mx-auto max-h-[calc(100vh-8rem)] max-w-md overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 shadow-2xl sm:top-20 sm:right-4 sm:left-auto sm:mx-0 sm:w-96"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="rounded-lg p-1 text-xl leading-none text-slate-700 hover:bg-slate-100"
        >
          ×
        </button>
      </div>
      {children}
    </div>
  );
}
