/**
 * Values shared by many requests (a validated request body kept for its bytes, a cached analysis
 * answer kept in memory) are frozen all the way down, so no request can change them for the
 * others; and a frozen success value is serialized once (lib/http/respond.ts).
 */

/** Freezes `value` and every object and array in it; returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
