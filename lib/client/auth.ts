/**
 * The page's session (docs/product.md §4, §6): a bearer token kept under `authToken` in local storage;
 * when none is held (or it has expired) the page logs in with the public reader account.
 * Only that account's public credentials ever reach the browser.
 */

import { PUBLIC_READER } from "@/lib/public-reader";
import type { LoginResponse } from "@/lib/schemas/auth";
import { apiRequest, ApiRequestError, type RequestOptions } from "./api";

export const AUTH_TOKEN_KEY = "authToken";

type Listener = () => void;
const listeners = new Set<Listener>();
let token: string | null = null;
let loaded = false;
let starting: Promise<boolean> | null = null;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

/** Seconds-since-epoch expiry of a JWT, read without verifying it (the server verifies). */
export function tokenExpiry(jwt: string): number | null {
  try {
    const payload = jwt.split(".")[1];
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    return typeof json.exp === "number" ? json.exp : null;
  } catch {
    return null;
  }
}

function isExpired(jwt: string, now = Date.now()): boolean {
  const exp = tokenExpiry(jwt);
  return exp !== null && exp * 1000 <= now + 30_000;
}

/** The held token, reloading it from local storage on first use. */
export function getToken(): string | null {
  if (!loaded) {
    loaded = true;
    const stored = storage()?.getItem(AUTH_TOKEN_KEY) ?? null;
    token = stored && !isExpired(stored) ? stored : null;
    if (stored && !token) storage()?.removeItem(AUTH_TOKEN_KEY);
  }
  return token;
}

export function isAuthenticated(): boolean {
  return getToken() !== null;
}

function setToken(value: string | null) {
  token = value;
  loaded = true;
  if (value) storage()?.setItem(AUTH_TOKEN_KEY, value);
  else storage()?.removeItem(AUTH_TOKEN_KEY);
  emit();
}

/** Logs in with the public reader account and stores the token; a failure is logged and swallowed. */
export async function login(): Promise<boolean> {
  try {
    const data = await apiRequest<LoginResponse>("/auth/login", { method: "POST", body: PUBLIC_READER });
    setToken(data.token);
    return true;
  } catch (error) {
    console.warn("Auto-login failed; continuing unauthenticated.", error);
    setToken(null);
    return false;
  }
}

/** Clears the token (the settings panel's "Sign out"). */
export function logout(): void {
  starting = null;
  setToken(null);
}

/** At start: reuse the stored token, else log in once. Resolves to whether a token is held. */
export function ensureSession(): Promise<boolean> {
  if (getToken()) return Promise.resolve(true);
  starting ??= login().finally(() => {
    starting = null;
  });
  return starting;
}

/**
 * Whether a token is held, once a login already under way (start-up's) has ended. It never
 * starts a login itself: docs/product.md §6 attempts on-demand generation only when already authenticated.
 */
export async function hasSession(): Promise<boolean> {
  if (starting) await starting;
  return isAuthenticated();
}

/** A call any visitor may make: it carries the held token, if any (docs/product.md §6, §7), and never logs in for it. */
export function publicRequest<T>(path: string, options: Omit<RequestOptions, "token"> = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, token: getToken() });
}

/** A call that needs the reader role: if the token was refused (401), log in again once and retry. */
export async function authorizedRequest<T>(
  path: string,
  options: Omit<RequestOptions, "token"> = {},
): Promise<T> {
  await ensureSession();
  const sent = getToken();
  try {
    return await apiRequest<T>(path, { ...options, token: sent });
  } catch (error) {
    // Only a refused token is worth a new login; with none held, the login has just failed.
    if (!sent || !(error instanceof ApiRequestError) || error.status !== 401) throw error;
    setToken(null);
    if (!(await ensureSession())) throw error;
    return apiRequest<T>(path, { ...options, token: getToken() });
  }
}

/** Subscribes to token changes (for useSyncExternalStore). */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
