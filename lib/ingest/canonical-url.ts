/**
 * One URL per article, whatever tracking decorations a feed adds: relative links resolved
 * against the feed, fragments dropped, tracking parameters removed. Articles are unique by
 * this URL, so a re-run or a second feed of the same outlet finds the same row.
 */

// Exact parameter names that only identify the campaign or the feed an item came through.
const TRACKING_PARAMS = new Set([
  "fbclid",
  "gclid",
  "dclid",
  "msclkid",
  "yclid",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "mkt_tok",
  "ocid",
  "cmpid",
  "cmp",
  "icid",
  "smid",
  "smtyp",
  "emc",
  "partner",
  "ito",
  "xtor",
  "ref",
  "referrer",
  "feedtype",
  "feedname",
  "rssfeed",
  "eref",
  "ftag",
  "intcmp",
  "sr_share",
  "taid",
  "dicbo",
]);
// Whole families (utm_source, utm_medium, BBC's at_medium, ns_mchannel, …).
const TRACKING_PREFIXES = ["utm_", "at_", "ns_", "pk_", "mtm_", "hsa_", "__hs"];

function isTracking(name: string): boolean {
  const key = name.toLowerCase();
  return TRACKING_PARAMS.has(key) || TRACKING_PREFIXES.some((p) => key.startsWith(p));
}

/**
 * The canonical form of an item's link, resolved against base; null when there is no
 * usable http(s) URL (a missing link, `javascript:`, `mailto:` …).
 */
export function canonicalUrl(link: string | null | undefined, base?: string | null): string | null {
  const raw = link?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname) return null;
  url.hash = "";
  url.username = "";
  url.password = "";
  const kept = [...url.searchParams].filter(([name]) => !isTracking(name));
  url.search = kept.length ? new URLSearchParams(kept).toString() : "";
  // "example.com/a/" and "example.com/a" are one page on news sites.
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) url.pathname = url.pathname.replace(/\/+$/, "");
  return url.toString();
}

/** The link as the feed gave it, resolved to an absolute http(s) URL (tracking kept). */
export function absoluteUrl(link: string | null | undefined, base?: string | null): string | null {
  const raw = link?.trim();
  if (!raw) return null;
  try {
    const url = base ? new URL(raw, base) : new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}
