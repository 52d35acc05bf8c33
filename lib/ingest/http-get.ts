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

/**
 * Ranges a feed never lives in: this network, private, carrier-grade NAT, link-local, documentation,
 * benchmarking, multicast, reserved; in IPv6 also unique local, link-local, NAT64 and IPv4 written
 * as IPv6 (mapped or compatible forms of any of the above).
 */
// One list per family: a BlockList also matches IPv4 addresses against IPv6 rules in mapped form.
const NEVER_V4 = new net.BlockList();
const NEVER_V6 = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NEVER_V4.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 96],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NEVER_V6.addSubnet(network, prefix, "ipv6");
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
  const never = family === "ipv4" ? NEVER_V4 : NEVER_V6;
  return never.check(ip, family) ? "a private, link-local or reserved address" : null;
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
