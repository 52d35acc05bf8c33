"use client";

/** A date shown in the reader's time zone once the page has hydrated (UTC, named, before). */

import { useHydrated } from "@/lib/client/hooks/use-hydrated";
import { formatCardDate } from "@/lib/client/relative-time";

/**
 * A date (month, day, time) in the reader's time zone. A page rendered on the server shows it in
 * UTC, named, until it has hydrated: the server cannot know the reader's zone.
 */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} className={className}>
      {formatCardDate(iso, hydrated ? "local" : "UTC")}
    </time>
  );
}
