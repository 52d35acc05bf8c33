/** What Refresh refreshes when a country has no category (lib/client/selection.ts). */
import { describe, expect, it } from "vitest";
import { refreshSelection } from "@/lib/client/selection";

describe("refreshSelection", () => {
  it("adds General News to a country selected without a category (nothing would be fetched)", () => {
    expect(refreshSelection({ countries: ["jp", "fr"], categories: [] })).toEqual({
      countries: ["jp", "fr"],
      categories: ["general"],
    });
  });

  it("refetches any other selection as it is", () => {
    expect(refreshSelection({ countries: ["us"], categories: ["business"] })).toBeNull();
    expect(refreshSelection({ countries: [], categories: [] })).toBeNull();
    expect(refreshSelection({ countries: [], categories: ["general"] })).toBeNull();
  });
});
