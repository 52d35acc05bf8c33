"use client";
import useSWR from "swr";
import type { ProviderInfo } from "@/lib/schemas/analysis";
import { publicRequest } from "../auth";

export const PROVIDER_PATH = "/analysis/provider";

/** GET /analysis/provider: which AI provider the server analyses with (never hard-coded here). */
export function useProvider(): ProviderInfo | null {
  const { data } = useSWR(PROVIDER_PATH, (path: string) => publicRequest<ProviderInfo>(path), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
  return data ?? null;
}
