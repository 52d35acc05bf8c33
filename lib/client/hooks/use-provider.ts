"use client";
import useSWR, { preload } from "swr";
import type { ProviderInfo } from "@/lib/schemas/analysis";
import { publicRequest } from "../auth";

export const PROVIDER_PATH = "/analysis/provider";

const loadProvider = (path: string) => publicRequest<ProviderInfo>(path);

/** Starts the provider request with the page's code, so the hero can name it early. */
export function preloadProvider(): void {
  preload(PROVIDER_PATH, loadProvider);
}

/** GET /analysis/provider: which AI provider the server analyses with (never hard-coded here). */
export function useProvider(): ProviderInfo | null {
  const { data } = useSWR(PROVIDER_PATH, loadProvider, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
  return data ?? null;
}
