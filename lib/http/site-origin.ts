import "server-only";

/** The origin absolute links are made with: SITE_URL, else the request's own host when it is plainly one. */

import { env } from "@/lib/env";

/**
 * The origin absolute links are made with (feed entries, a story page's canonical and Open Graph
 * URLs): SITE_URL when set, else the request's own host. A host or scheme that is not plainly one
 * (a forged header) falls back to `fallback`, so it never reaches a link.
 */
export function siteOrigin(headers: Headers, fallback: string): string {
  if (env.SITE_URL) return new URL(env.SITE_URL).origin;
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  const proto = headers.get("x-forwarded-proto") ?? "http";
  if (!host || !/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) || !/^https?$/.test(proto)) return fallback;
  return `${proto}://${host}`;
}
