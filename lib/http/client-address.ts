/**
 * Who the client is, for the per-client rate limits (docs/decisions/072-client-address.md).
 * Next gives route handlers no socket (there is no `request.ip`); it copies the socket address
 * into `X-Forwarded-For` only when the client sent none, so without a proxy a client could
 * name any address it liked. Hence, in the server process:
 *   - TRUST_PROXY=false: every incoming request's `X-Forwarded-For` is replaced by the socket
 *     address before Next reads it (takeClientAddressFromSocket, installed from instrumentation.ts);
 *   - TRUST_PROXY=true: one trusted reverse proxy appends (or sets) the address it saw, so the
 *     last entry is the client as that proxy saw it; earlier entries are the client's own claims.
 * Either way the route wrapper reads the header's last entry.
 */
import "server-only";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

const holder = globalThis as unknown as {
  __newsSocketAddress?: boolean;
  __newsSocketAddressWarned?: boolean;
};

/** Makes `X-Forwarded-For` the socket's address on every request this process serves (TRUST_PROXY=false). */
export function takeClientAddressFromSocket(): void {
  if (env.TRUST_PROXY || holder.__newsSocketAddress) return;
  holder.__newsSocketAddress = true;
  // Next gives route code no handle on its server; the request event is where the socket and
  // the headers meet before Next reads them (as lib/lifecycle/shutdown.ts intercepts process.exit).
  for (const proto of [http.Server.prototype, https.Server.prototype]) {
    const emit = proto.emit as (this: net.Server, event: string | symbol, ...args: unknown[]) => boolean;
    proto.emit = function (this: net.Server, event: string | symbol, ...args: unknown[]) {
      if (event === "request") {
        const req = args[0] as http.IncomingMessage;
        req.headers["x-forwarded-for"] = req.socket?.remoteAddress ?? "unknown";
      }
      return emit.call(this, event, ...args);
    } as typeof proto.emit;
  }
}

/** The client's address as the request says it (see above): the last X-Forwarded-For entry. */
export function clientAddress(req: Request): string {
  if (
    !env.TRUST_PROXY &&
    !holder.__newsSocketAddress &&
    env.NODE_ENV === "production" &&
    !holder.__newsSocketAddressWarned
  ) {
    holder.__newsSocketAddressWarned = true;
    logger.warn(
      "X-Forwarded-For is not replaced by the socket address in this process (instrumentation did not run): per-client limits trust the header",
    );
  }
  const entries =
    req.headers
      .get("x-forwarded-for")
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean) ?? [];
  return entries.at(-1) ?? "unknown";
}

/**
 * The rate-limit bucket of an address: IPv4 as is (IPv4-mapped IPv6 too); IPv6 by its /64,
 * since one subscriber usually holds a whole /64 and could otherwise change address per request.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (net.isIPv4(address)) return address;
  if (!net.isIPv6(address)) return "unknown";
  // A trailing dotted quad ("64:ff9b::192.0.2.1") is two groups.
  const hex = address
    .toLowerCase()
    .replace(
      /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
      (_, a, b, c, d) => `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`,
    );
  const [head, tail = ""] = hex.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = hex.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
