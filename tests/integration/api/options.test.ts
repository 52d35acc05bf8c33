import { expect, it } from "vitest";
import * as optionsRoute from "@/app/api/v1/comparison-cards/options/route";
import { call } from "@/tests/helpers/api";

it("GET /api/v1/comparison-cards/options answers the options of docs/product.md §3 and §7", async () => {
  const res = await call(optionsRoute.GET, "/api/v1/comparison-cards/options");
  expect(res.status).toBe(200);
  expect(res.json).toEqual({
    success: true,
    data: {
      available: {
        countries: ["us", "gb", "ca", "au", "de", "fr", "jp", "in", "br", "mx", "it", "kr", "za", "ae", "ar"],
        categories: ["general", "business", "technology", "health", "science", "sports", "entertainment"],
      },
      landingPage: { countries: ["us", "gb", "ca", "au", "de", "fr"], categories: ["general"] },
      total: { countries: 15, categories: 7, combinations: 105 },
    },
  });
});

it("answers 405 in the envelope for another method", async () => {
  const res = await call(optionsRoute.POST, "/api/v1/comparison-cards/options", { method: "POST", body: {} });
  expect(res.status).toBe(405);
  expect(res.headers.get("allow")).toBe("GET");
  expect(res.json).toEqual({
    success: false,
    code: "method_not_allowed",
    error: "POST is not allowed here; use GET.",
    requestId: res.headers.get("x-request-id"),
  });
});
