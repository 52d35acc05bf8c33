"use client";

/** The topic search's SWR hook (docs/decisions/042-topic-search.md). */

import useSWR from "swr";
import type { SearchResponse } from "@/lib/schemas/search";
import { publicRequest } from "../auth";
import { searchCard, searchMessages, searchPath } from "../search";

/** GET /search for the submitted topic: the synthetic card, or the docs/product.md §8 message. */
export function useTopicSearch(topic: string | null, countries: string[]) {
  const path = topic ? searchPath(topic, countries) : null;
  const { data, error, isValidating, mutate } = useSWR(
    path,
    (p: string) => publicRequest<SearchResponse>(p),
    {
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: false,
    },
  );
  const card = topic && data?.results.length ? searchCard(topic, data.results) : null;
  const message = !topic
    ? null
    : error
      ? searchMessages.failed(topic)
      : data && data.results.length === 0
        ? searchMessages.none(topic, countries)
        : null;
  return {
    card,
    message,
    isLoading: path !== null && data === undefined && !error,
    isValidating,
    retry: () => void mutate(),
  };
}
