/** Relative times of SPEC §9. */

const MINUTE = 60_000;

/** The stats bar's 'Updated:' value: Never, Just now, Nm ago, Nh ago, otherwise a local date. */
export function formatUpdated(updatedAt: number | null, now: number = Date.now()): string {
  if (updatedAt === null) return "Never";
  const minutes = Math.floor((now - updatedAt) / MINUTE);
  if (minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes}m ago`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)}h ago`;
  return new Date(updatedAt).toLocaleDateString();
}

/** A comment's time: the same bands, then days ('Nd ago'). */
export function formatCommentTime(timestamp: number, now: number = Date.now()): string {
  const minutes = Math.floor((now - timestamp) / MINUTE);
  if (minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes}m ago`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)}h ago`;
  return `${Math.floor(minutes / 1440)}d ago`;
}

let cardDateFormat: Intl.DateTimeFormat | null = null;

/** A card's date: month, day and time (one shared formatter: building one per call is slow). */
export function formatCardDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  cardDateFormat ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
  return cardDateFormat.format(date);
}
