/** Relative times of docs/product.md §9. */

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

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A card's date: month, day and time, in the reader's time zone, or in UTC (named) where the
 * reader's is not known yet: on the server. The words of en-US ("Mar 1, 7:05 AM"), built from the
 * Date's own fields rather than Intl.DateTimeFormat: a page's first Intl formatter loads the
 * browser's locale data, 30–130 ms of one main-thread task on a phone-class CPU, during hydration
 * (docs/decisions/168-no-locale-data-at-page-load.md).
 */
export function formatCardDate(iso: string, zone: "local" | "UTC" = "local"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const utc = zone === "UTC";
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const day = utc ? date.getUTCDate() : date.getDate();
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = utc ? date.getUTCMinutes() : date.getMinutes();
  const clock = `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
  return `${MONTHS[month]} ${day}, ${clock}${utc ? " UTC" : ""}`;
}

/** A count with en-US thousands separators ("1,283"), without loading Intl's number data (see above). */
export function formatCount(n: number): string {
  const [whole, fraction] = String(Math.abs(n)).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  return `${n < 0 ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}
