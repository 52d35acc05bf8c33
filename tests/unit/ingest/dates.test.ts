import { describe, expect, it } from "vitest";
import { FUTURE_SKEW_MS, parseFeedDate, publishedAt } from "@/lib/ingest/dates";

describe("parseFeedDate", () => {
  it.each([
    ["Sat, 30 May 2020 21:42:00 -0400", "2020-05-31T01:42:00.000Z"],
    ["Sun, 31 May 2020 03:39:56 GMT", "2020-05-31T03:39:56.000Z"],
    ["Fri, 22 Jun 2018 12:52:20 EDT", "2018-06-22T16:52:20.000Z"],
    ["Sat, 23 Jun 2018 15:24 GMT", "2018-06-23T15:24:00.000Z"],
    ["Sun, 31 May 2020 06:22:59 +1200", "2020-05-30T18:22:59.000Z"],
    ["2020-05-31T06:08:06+00:00", "2020-05-31T06:08:06.000Z"],
    ["2018-09-19T05:11:22.000Z", "2018-09-19T05:11:22.000Z"],
    ["2020-05-31T08:00:00", "2020-05-31T08:00:00.000Z"],
    ["2020-05-31 08:00:00", "2020-05-31T08:00:00.000Z"],
    ["Sat, 23 Jun 2018 10:00:00 BST", "2018-06-23T09:00:00.000Z"],
    ["Sat, 23 Jun 2018 10:00:00 CEST", "2018-06-23T08:00:00.000Z"],
    ["Sat, 23 Jun 2018 10:00:00 AEST", "2018-06-23T00:00:00.000Z"],
    ["Tues, 19 Jun 2018 10:00:00 GMT", "2018-06-19T10:00:00.000Z"],
    ["23 Jun 2018 10:00:00", "2018-06-23T10:00:00.000Z"],
    ["  Sat,   23 Jun 2018   10:00:00   +0000 ", "2018-06-23T10:00:00.000Z"],
  ])("%s", (raw, iso) => {
    expect(parseFeedDate(raw)?.toISOString()).toBe(iso);
  });

  it("returns null for what names no instant", () => {
    for (const raw of ["", "yesterday", "not a date", "0001-01-01T00:00:00Z", undefined, null])
      expect(parseFeedDate(raw), String(raw)).toBeNull();
  });
});

describe("publishedAt", () => {
  const fetchedAt = new Date("2020-05-31T07:00:00Z");
  it("takes the first date that parses", () => {
    expect(publishedAt(["garbage", "Sun, 31 May 2020 03:39:56 GMT"], fetchedAt).toISOString()).toBe(
      "2020-05-31T03:39:56.000Z",
    );
  });
  it("falls back to the fetch time without a date", () => {
    expect(publishedAt([], fetchedAt)).toEqual(fetchedAt);
    expect(publishedAt(["nonsense"], fetchedAt)).toEqual(fetchedAt);
  });
  it("clamps a future date to the fetch time but tolerates small clock skew", () => {
    expect(publishedAt(["2099-01-01T00:00:00Z"], fetchedAt)).toEqual(fetchedAt);
    const skewed = new Date(fetchedAt.getTime() + FUTURE_SKEW_MS - 60_000);
    expect(publishedAt([skewed.toISOString()], fetchedAt)).toEqual(skewed);
  });
});
