"use client";

/** The topic search's SWR hook (docs/decisions/042-topic-search.md, 145). */

import useSWR from "swr";
import type { SearchResponse } from "@/lib/schemas/search";
import { publicRequest } from "../auth";
import { searchCards, searchMessages, searchPath } from "../search";

/**
 * GET /search for the submitted topic: the story cards and loose articles found, the empty
 * result's message (an empty state, not an error), or the failure's (docs/product.md §8).
 */
export function useTopicSearch(topic: string | null) {
  const path = topic ? searchPath(topic) : null;
  const { data, error, isValidating, mutate } = useSWR(
    path,
    (p: string) => publicRequest<SearchResponse>(p),
    {
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: false,
    },
  );
  const cards = topic && data ? searchCards(topic, data) : [];
  return {
    cards,
    /** The search failed: 'Error Loading News' with Try Again. */
    failure: topic && error ? searchMessages.failed(topic) : null,
    /** Nothing matched: said as an empty state with a way back. */
    empty: topic && !error && data && cards.length === 0 ? searchMessages.none(topic) : null,
    isLoading: path !== null && data === undefined && !error,
    isValidating,
    retry: () => void mutate(),
  };
}
