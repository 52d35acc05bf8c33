/** autocannon with a breakdown of what failed: non-2xx answers by status, request errors by code. */
import autocannon from "autocannon";

export interface LoadResult {
  result: autocannon.Result;
  /** Every failed request: socket errors, timeouts (autocannon counts them among its errors) and non-2xx answers. */
  failures: number;
  /** For instance `503 ×2, ECONNRESET ×1, timeout ×3`; empty when nothing failed. */
  breakdown: string;
}

export function runLoad(options: autocannon.Options): Promise<LoadResult> {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error);
      if (result.timeouts) counts.set("timeout (no answer within 10 s)", result.timeouts);
      resolve({
        result,
        failures: result.errors + result.non2xx,
        breakdown: [...counts].map(([key, n]) => `${key} ×${n}`).join(", "),
      });
    });
    instance.on("response", (_client, status) => {
      if (status < 200 || status >= 300) add(String(status));
    });
    instance.on("reqError", (error: { code?: string; message?: string }) => {
      // Timeouts are counted from the result (autocannon reports each one here as well).
      if (error.message !== "request timed out") add(error.code ?? error.message ?? "error");
    });
  });
}
