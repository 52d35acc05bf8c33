/** Start-up (docs/product.md §4): log in (or reuse the stored token) and load the options, in parallel. */

import { ensureSession } from "./auth";
import { loadOptions } from "./options";

export interface StartupResult {
  authenticated: boolean;
  optionsLoaded: boolean;
}

let started: Promise<StartupResult> | null = null;

export function startApp(): Promise<StartupResult> {
  started ??= Promise.all([
    ensureSession(),
    loadOptions().then(
      () => true,
      () => false,
    ),
  ]).then(([authenticated, optionsLoaded]) => ({ authenticated, optionsLoaded }));
  return started;
}

/** Start-up failed when neither the login nor the options reached the backend. */
export async function startupFailed(): Promise<boolean> {
  const { authenticated, optionsLoaded } = await startApp();
  return !authenticated && !optionsLoaded;
}
