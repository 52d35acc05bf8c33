"use client";

/** The card's 'Source Comparison' tab: every article side by side. */

import { useEffect } from "react";
import type { Article } from "@/lib/client/types";
import { ArticlePanel } from "./article-panel";

/** One panel per article; a cited article is scrolled to and highlighted. */
export function SourceComparison({
  articles,
  focusId,
  onFocused,
  onOpenOriginal,
}: {
  articles: Article[];
  focusId: string | null;
  onFocused: () => void;
  /** The reader followed an article's link to its outlet (the reading balance records it). */
  onOpenOriginal: (article: Article) => void;
}) {
  useEffect(() => {
    if (!focusId) return;
    const el = document.getElementById(`article-${focusId}`);
    el?.scrollIntoView({ behavior: "smooth", block: "center" });
    el?.focus({ preventScroll: true });
    const timer = setTimeout(onFocused, 2500);
    return () => clearTimeout(timer);
  }, [focusId, onFocused]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {articles.map((a) => (
        <ArticlePanel
          key={a.id}
          article={a}
          highlighted={a.id === focusId}
          onOpenOriginal={() => onOpenOriginal(a)}
        />
      ))}
    </div>
  );
}
