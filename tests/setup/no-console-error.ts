/** An unexpected console.error fails the test that printed it (STYLE.md §12). */
import { afterEach, beforeEach, vi } from "vitest";

let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length)
    throw new Error(`Unexpected console.error: ${errors.map((a) => a.map(String).join(" ")).join("\n")}`);
});
