/**
 * The address ranges a feed is never fetched from (docs/decisions/075-feed-fetch-addresses.md):
 * every entry of IANA's IPv4 and IPv6 Special-Purpose Address Registries, IPv4 multicast, and
 * the IPv6 ranges its Address Space registry reserves or deprecates (site-local). One table, read
 * by the fetcher's address check (lib/ingest/http-get.ts) and walked by its table test, so a
 * range added here is refused and tested at once.
 *
 * Some registry entries are marked "globally reachable" (anycast services such as AS112, AMT,
 * TURN, PCP): no feed is hosted there either, so they are refused too. IPv6 outside 2000::/3,
 * the only block IANA allocates for global unicast, is refused as a whole besides (the entries
 * below that lie outside it are listed for the record and for the test).
 */

export interface SpecialRange {
  network: string;
  prefix: number;
  /** The registry's name for it. */
  name: string;
}

/** IPv4 (loopback, 127.0.0.0/8, is the fetcher's own rule: allowed only with FEED_ALLOW_LOOPBACK). */
export const SPECIAL_V4: readonly SpecialRange[] = [
  { network: "0.0.0.0", prefix: 8, name: "this network" },
  { network: "10.0.0.0", prefix: 8, name: "private use" },
  { network: "100.64.0.0", prefix: 10, name: "shared address space (carrier-grade NAT)" },
  { network: "169.254.0.0", prefix: 16, name: "link local" },
  { network: "172.16.0.0", prefix: 12, name: "private use" },
  {
    network: "192.0.0.0",
    prefix: 24,
    name: "IETF protocol assignments (service continuity, dummy, PCP, TURN, NAT64 discovery)",
  },
  { network: "192.0.2.0", prefix: 24, name: "documentation (TEST-NET-1)" },
  { network: "192.31.196.0", prefix: 24, name: "AS112-v4" },
  { network: "192.52.193.0", prefix: 24, name: "AMT" },
  { network: "192.88.99.0", prefix: 24, name: "deprecated 6to4 relay anycast" },
  { network: "192.168.0.0", prefix: 16, name: "private use" },
  { network: "192.175.48.0", prefix: 24, name: "direct delegation AS112 service" },
  { network: "198.18.0.0", prefix: 15, name: "benchmarking" },
  { network: "198.51.100.0", prefix: 24, name: "documentation (TEST-NET-2)" },
  { network: "203.0.113.0", prefix: 24, name: "documentation (TEST-NET-3)" },
  { network: "224.0.0.0", prefix: 4, name: "multicast" },
  { network: "240.0.0.0", prefix: 4, name: "reserved (and 255.255.255.255, limited broadcast)" },
];

/** IPv6 (loopback, ::1, is the fetcher's own rule). */
export const SPECIAL_V6: readonly SpecialRange[] = [
  { network: "::", prefix: 96, name: "unspecified and IPv4-compatible (deprecated)" },
  { network: "::ffff:0:0", prefix: 96, name: "IPv4-mapped" },
  { network: "::ffff:0:0:0", prefix: 96, name: "IPv4-translated (SIIT)" },
  { network: "64:ff9b::", prefix: 96, name: "IPv4-IPv6 translation (NAT64)" },
  { network: "64:ff9b:1::", prefix: 48, name: "IPv4-IPv6 translation, local use" },
  { network: "100::", prefix: 64, name: "discard-only" },
  { network: "100:0:0:1::", prefix: 64, name: "dummy IPv6 prefix" },
  {
    network: "2001::",
    prefix: 23,
    name: "IETF protocol assignments (Teredo, PCP, TURN, AMT, AS112, ORCHID …)",
  },
  { network: "2001::", prefix: 32, name: "Teredo" },
  { network: "2001:2::", prefix: 48, name: "benchmarking" },
  { network: "2001:db8::", prefix: 32, name: "documentation" },
  { network: "2002::", prefix: 16, name: "6to4" },
  { network: "2620:4f:8000::", prefix: 48, name: "direct delegation AS112 service" },
  { network: "3fff::", prefix: 20, name: "documentation" },
  { network: "5f00::", prefix: 16, name: "segment routing (SRv6) SIDs" },
  { network: "fc00::", prefix: 7, name: "unique local" },
  { network: "fe80::", prefix: 10, name: "link-local unicast" },
  { network: "fec0::", prefix: 10, name: "site-local (deprecated)" },
  { network: "ff00::", prefix: 8, name: "multicast" },
];

/** The IPv6 block IANA allocates for global unicast: any address outside it is refused. */
export const GLOBAL_UNICAST_V6: SpecialRange = { network: "2000::", prefix: 3, name: "global unicast" };
