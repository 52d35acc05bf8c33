import net from "node:net";
import { describe, expect, it } from "vitest";
import { refusedAddress } from "@/lib/ingest/http-get";
import { GLOBAL_UNICAST_V6, SPECIAL_V4, SPECIAL_V6, type SpecialRange } from "@/lib/ingest/special-addresses";

/**
 * Issue 34: the fetcher's address filter covers every range of IANA's IPv4 and IPv6 Special-Purpose
 * Address Registries. Each range of the table is refused at its first and last address (and, for
 * IPv4, in its IPv6-mapped spelling); the addresses just outside the ranges that border public
 * space are allowed.
 */

const REFUSED = "a private, link-local or reserved address";

function toBig(address: string): bigint {
  if (net.isIPv4(address)) return address.split(".").reduce((n, part) => (n << 8n) | BigInt(part), 0n);
  const [head, tail = ""] = address.split("::");
  const groups = (s: string) => (s ? s.split(":") : []);
  const h = groups(head);
  const t = groups(tail);
  const all = address.includes("::") ? [...h, ...Array(8 - h.length - t.length).fill("0"), ...t] : h;
  return all.reduce((n, g) => (n << 16n) | BigInt(`0x${g}`), 0n);
}

function fromBig(value: bigint, v4: boolean): string {
  if (v4) return [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 255n)).join(".");
  return Array.from({ length: 8 }, (_, i) => ((value >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(
    ":",
  );
}

/** The first and last address of a range. */
function bounds({ network, prefix }: SpecialRange): [string, string] {
  const v4 = net.isIPv4(network);
  const bits = v4 ? 32n : 128n;
  const first = toBig(network);
  const last = first | ((1n << (bits - BigInt(prefix))) - 1n);
  return [fromBig(first, v4), fromBig(last, v4)];
}

describe("the special-purpose address table", () => {
  it("holds the ranges issue 34 found let through, and IPv4 written as IPv6", () => {
    const v6 = SPECIAL_V6.map((r) => `${r.network}/${r.prefix}`);
    for (const range of [
      "fec0::/10",
      "2002::/16",
      "64:ff9b:1::/48",
      "2001::/32",
      "::ffff:0:0:0/96",
      "::ffff:0:0/96",
    ])
      expect(v6).toContain(range);
  });

  it.each([...SPECIAL_V4, ...SPECIAL_V6].map((r) => [`${r.network}/${r.prefix} (${r.name})`, r] as const))(
    "refuses %s at both ends",
    (_, range) => {
      const [first, last] = bounds(range);
      for (const address of [first, last]) {
        expect(refusedAddress(address, false), address).toBe(REFUSED);
        expect(refusedAddress(address, true), address).toBe(REFUSED);
        if (net.isIPv4(address)) expect(refusedAddress(`::ffff:${address}`, true), address).toBe(REFUSED);
      }
    },
  );

  it("refuses IPv6 outside the global unicast block, which IANA reserves", () => {
    const [first, last] = bounds(GLOBAL_UNICAST_V6);
    for (const address of ["1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "4000::1", "8000::1", "e000::1"])
      expect(refusedAddress(address, true), address).toBe(REFUSED);
    expect(refusedAddress(first, false)).toBeNull();
    expect(refusedAddress(last, false)).toBeNull();
  });

  it.each([
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.0.1.255",
    "192.0.3.0",
    "192.31.197.0",
    "192.52.192.255",
    "192.88.100.0",
    "192.175.49.0",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
    "2001:200::1",
    "2003::1",
    "2620:4f:7fff:ffff::1",
    "2620:4f:8001::1",
    "3fff:1000::1",
    "2a00:1450:4001:80e::200e",
  ])("allows the public neighbour %s", (address) => {
    expect(refusedAddress(address, false)).toBeNull();
  });
});
