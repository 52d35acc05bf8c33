"use client";

/** The card's footer: local views, likes and comments, Share, and the perspectives note. */

import { useState } from "react";
import { CommentIcon, EyeIcon, HeartIcon } from "@/components/app/icons";
import { CommentForm } from "@/components/community/comment-form";
import { formatCount } from "@/lib/client/relative-time";
import { LINK_COPIED, shareComparison, shareUrl } from "@/lib/client/share";
import type { CardComment, NewsComparison } from "@/lib/client/types";

let seq = 0;

/**
 * Footer (docs/product.md §2): the views count and the like and comment toggles (local only; shown when the
 * card carries real counts), Share, and 'Multiple perspectives analyzed'.
 */
export function CardFooter({
  card,
  summary,
  onToast,
}: {
  card: NewsComparison;
  summary: string;
  onToast: (m: string) => void;
}) {
  const [like, setLike] = useState({ likes: card.likes, isLiked: card.isLiked });
  const [comments, setComments] = useState<CardComment[]>([]);
  const [open, setOpen] = useState(false);
  const counts = card.realLikes !== undefined || card.realComments !== undefined;

  const share = async () => {
    const outcome = await shareComparison(
      { ...card, aiAnalysis: { ...card.aiAnalysis, summary } },
      { navigator, url: shareUrl(card, window.location) },
    );
    if (outcome === "copied") onToast(LINK_COPIED);
  };

  return (
    <footer className="border-t border-slate-200 px-4 py-3 sm:px-5">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {counts && (
          <>
            {card.views !== undefined && (
              <span className="flex items-center gap-1 px-2 py-1 text-slate-800" data-testid="views-count">
                <EyeIcon /> {formatCount(card.views)} views
              </span>
            )}
            <button
              type="button"
              aria-pressed={like.isLiked}
              onClick={() => setLike((l) => ({ isLiked: !l.isLiked, likes: l.likes + (l.isLiked ? -1 : 1) }))}
              className={`flex items-center gap-1 rounded-lg px-2 py-1 hover:bg-slate-100 ${like.isLiked ? "font-semibold text-blue-900" : "text-slate-800"}`}
              data-testid="like-toggle"
            >
              <HeartIcon filled={like.isLiked} /> {like.likes} <span className="sr-only">likes</span>
            </button>
            <button
              type="button"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
              className="flex items-center gap-1 rounded-lg px-2 py-1 text-slate-800 hover:bg-slate-100"
              data-testid="comment-toggle"
            >
              <CommentIcon /> {card.comments + comments.length} <span className="sr-only">comments</span>
            </button>
          </>
        )}
        <button
          type="button"
          onClick={() => void share()}
          className="rounded-lg border border-slate-400 px-3 py-1 font-medium text-slate-800 hover:bg-slate-100"
        >
          Share
        </button>
        <span className="ml-auto text-xs text-slate-700">Multiple perspectives analyzed</span>
      </div>
      {counts && open && (
        <div className="mt-3" data-testid="card-comments">
          <ul className="space-y-1 text-sm">
            {comments.map((c) => (
              <li key={c.id}>
                <strong>{c.author}:</strong> {c.content}
              </li>
            ))}
          </ul>
          <CommentForm
            label="Write a comment"
            submitLabel="Comment"
            placeholder="Add a comment..."
            onSubmit={(content) =>
              setComments((list) => [
                ...list,
                { id: `c${seq++}`, author: "Anonymous User", content, timestamp: Date.now() },
              ])
            }
          />
        </div>
      )}
    </footer>
  );
}
