"use client";

/** The header's topic search box. */

import { useState, type FormEvent } from "react";

/**
 * The topic search (docs/decisions/042-topic-search.md): submitting 2–100 characters searches
 * stored articles; submitting an empty box returns to the feed.
 */
export function SearchBox({ onSearch }: { onSearch: (topic: string | null) => void }) {
  const [text, setText] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const topic = text.trim();
    if (topic.length === 0) onSearch(null);
    else if (topic.length >= 2) onSearch(topic.slice(0, 100));
  };
  return (
    <form role="search" onSubmit={submit} className="flex gap-2">
      <label htmlFor="topic-search" className="sr-only">
        Search topics
      </label>
      <input
        id="topic-search"
        type="search"
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search topics..."
        className="w-full rounded-lg border border-slate-400 px-3 py-1.5 text-sm"
      />
      <button
        type="submit"
        className="rounded-lg bg-blue-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-900"
      >
        Search
      </button>
    </form>
  );
}
