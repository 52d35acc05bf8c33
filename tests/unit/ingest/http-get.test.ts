import { describe, expect, it } from "vitest";
import { refusedAddress } from "@/lib/ingest/http-get";

describe("refusedAddress", () => {
  it.each([
    "169.254.169.254",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "192.0.2.10",
    "::",
    "fd00::1",
    "fc12:3456::1",
    "fe80::1",
    "ff02::1",
    "::ffff:169.254.169.254",
    "::ffff:a9fe:a9fe",
    "::ffff:10.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "::a9fe:a9fe",
    "2001:db8::1",
  ])("refuses %s", (address) => {
    expect(refusedAddress(address, true)).toBe("a private, link-local or reserved address");
  });

  it.each([
    "93.184.216.34",
    "151.101.1.195",
    "172.32.0.1",
    "100.128.0.1",
    "2a04:4e42::81",
    "2606:4700::6810:85e5",
  ])("allows the public %s", (address) => {
    expect(refusedAddress(address, false)).toBeNull();
  });

  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])(
    "allows loopback %s only when asked",
    (address) => {
      expect(refusedAddress(address, false)).toBe("loopback");
      expect(refusedAddress(address, true)).toBeNull();
    },
  );
});
