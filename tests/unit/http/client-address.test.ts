import { describe, expect, it } from "vitest";
import { clientKey } from "@/lib/http/client-address";

describe("clientKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:aa:bb:1:2:3:4", "2001:db8:aa:bb::/64"],
    ["2001:db8:aa:bb::99", "2001:db8:aa:bb::/64"],
    ["2001:0db8:0000:00bb::1", "2001:db8:0:bb::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"],
    ["not an address", "unknown"],
    ["unknown", "unknown"],
  ])("buckets %s as %s", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it("puts every address of one IPv6 /64 in one bucket", () => {
    expect(
      new Set(Array.from({ length: 50 }, (_, i) => clientKey(`2001:db8:1:2:${i.toString(16)}::${i}`))),
    ).toEqual(new Set(["2001:db8:1:2::/64"]));
  });
});
