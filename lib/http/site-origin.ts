import "server-only";

/**
 * The origin absolute links are made with: SITE_URL, else the request's own host, taken from
 * forwarded headers only behind a trusted proxy.
 */

import { env } from "@/lib/env";

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;
const PROTO = /^https?$/;

/** The last value a list header holds (what the nearest proxy added), without quotes. */
function last(value: string | null | undefined): string | undefined {
  return (
    value
      ?.split(",")
      .at(-1)
      ?.trim()
      .replace(/^"(.*)"$/, "$1") || undefined
  );
}

/**
 * The host and scheme a trusted proxy forwarded: RFC 7239 `Forwarded` (its last element's
 * `host=` and `proto=`), else `X-Forwarded-Host` and `X-Forwarded-Proto`.
 */
function forwarded(headers: Headers): { host?: string; proto?: string } {
  const element = last(headers.get("forwarded"));
  if (element) {
    const pairs = new Map(
      element.split(";").map((pair) => {
        const [key, ...value] = pair.split("=");
        return [key.trim().toLowerCase(), last(value.join("="))] as const;
      }),
    );
    if (pairs.get("host")) return { host: pairs.get("host"), proto: pairs.get("proto") };
  }
  return { host: last(headers.get("x-forwarded-host")), proto: last(headers.get("x-forwarded-proto")) };
}

/**
 * The origin of links when SITE_URL is unset and the request names no plain host: one for pages
 * and feeds alike (issue 34: pages said 127.0.0.1, feeds Next's own localhost:PORT). Set SITE_URL
 * in production and no link depends on a request.
 */
export const FALLBACK_ORIGIN = "http://127.0.0.1";

/**
 * The origin absolute links are made with (feed entries, a story or outlet page's canonical and
 * Open Graph URLs): SITE_URL when set; else the request's Host, or behind a trusted proxy
 * (TRUST_PROXY) the host and scheme it forwarded. Without a trusted proxy, forwarded headers are
 * the client's own inventions and are never read (issue 23: they put an attacker's host into
 * links). A host or scheme that is not plainly one falls back to FALLBACK_ORIGIN, so it never
 * reaches a link.
 */
export function siteOrigin(headers: Headers): string {
  if (env.SITE_URL) return new URL(env.SITE_URL).origin;
  const proxied = env.TRUST_PROXY ? forwarded(headers) : {};
  const host = proxied.host ?? headers.get("host");
  const proto = proxied.proto ?? "http";
  if (!host || !HOST.test(host) || !PROTO.test(proto)) return FALLBACK_ORIGIN;
  return `${proto}://${host}`;
}
