/**
 * One HTTP GET for the fetcher that connects only to public addresses (issue 14: a redirect from a
 * compromised or intercepted feed reached the cloud metadata service and private hosts). The
 * address is checked where the connection is made: literal IPs before the request, names in the
 * socket's own DNS lookup, so a name cannot resolve to one address when checked and another when
 * connected. Loopback is allowed only when asked (tests and local mirrors: FEED_ALLOW_LOOPBACK).
 * Redirects are not followed here; the fetcher sends each hop through this again.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { GLOBAL_UNICAST_V6, SPECIAL_V4, SPECIAL_V6 } from "./special-addresses";

/**
 * Ranges a feed never lives in: every special-purpose range of IANA's registries, and IPv6 outside
 * the global unicast block (lib/ingest/special-addresses.ts). One list per family: a BlockList also
 * matches IPv4 addresses against IPv6 rules in mapped form.
 */
const NEVER_V4 = new net.BlockList();
const NEVER_V6 = new net.BlockList();
for (const { network, prefix } of SPECIAL_V4) NEVER_V4.addSubnet(network, prefix, "ipv4");
for (const { network, prefix } of SPECIAL_V6) NEVER_V6.addSubnet(network, prefix, "ipv6");
const GLOBAL_V6 = new net.BlockList();
GLOBAL_V6.addSubnet(GLOBAL_UNICAST_V6.network, GLOBAL_UNICAST_V6.prefix, "ipv6");
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

export class AddressRefusedError extends Error {
  readonly code = "EADDRREFUSED";
  constructor(message: string) {
    super(message);
    this.name = "AddressRefusedError";
  }
}

/** Why an address may not be fetched from, or null when it may. */
export function refusedAddress(address: string, allowLoopback: boolean): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = net.isIPv4(ip) ? "ipv4" : net.isIPv6(ip) ? "ipv6" : null;
  if (!family) return "not an IP address";
  if (LOOPBACK.check(ip, family)) return allowLoopback ? null : "loopback";
  const refused =
    family === "ipv4"
      ? NEVER_V4.check(ip, family)
      : NEVER_V6.check(ip, family) || !GLOBAL_V6.check(ip, family);
  return refused ? "a private, link-local or reserved address" : null;
}

function guardedLookup(allowLoopback: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      // Every address a name resolves to must be allowed, not only the one tried first.
      for (const a of addresses) {
        const why = refusedAddress(a.address, allowLoopback);
        if (why)
          return callback(
            new AddressRefusedError(`address refused: ${hostname} resolves to ${a.address} (${why})`),
            "",
            4,
          );
      }
      if (options.all)
        return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export interface GetResponse {
  status: number;
  header(name: string): string | null;
  /** The body, decompressed (gzip, deflate, br) as the server encoded it. */
  body: Readable;
  /** Stops reading and closes the connection. */
  discard(): void;
}

/** Sends a GET and resolves with the response head; rejects with AddressRefusedError for a refused address. */
export function httpGet(
  url: URL,
  init: { headers: Record<string, string>; signal: AbortSignal; allowLoopback: boolean },
): Promise<GetResponse> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) {
    const why = refusedAddress(host, init.allowLoopback);
    if (why) return Promise.reject(new AddressRefusedError(`address refused: ${host} is ${why}`));
  }
  const request = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "GET",
        headers: init.headers,
        signal: init.signal,
        lookup: guardedLookup(init.allowLoopback),
      },
      (res) => {
        const encoding = (res.headers["content-encoding"] ?? "").toLowerCase().trim();
        const decoder =
          encoding === "gzip" || encoding === "x-gzip"
            ? zlib.createGunzip()
            : encoding === "deflate"
              ? zlib.createInflate()
              : encoding === "br"
                ? zlib.createBrotliDecompress()
                : null;
        const body: Readable = decoder ? res.pipe(decoder) : res;
        if (decoder) res.on("error", (e) => decoder.destroy(e));
        resolve({
          status: res.statusCode ?? 0,
          header: (name) => {
            const v = res.headers[name.toLowerCase()];
            return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
          },
          body,
          discard: () => {
            body.destroy();
            res.destroy();
          },
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}
