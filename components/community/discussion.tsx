"use client";

/** The community preview's discussion thread. */

import { useState, type Dispatch } from "react";
import { SORT_ORDERS, sortComments, type Comment, type SortOrder } from "@/lib/client/community";
import { CommentForm } from "./comment-form";
import type { CommunityAction } from "./community-preview";

/**
 * The threaded discussion: sorting, comment and reply forms, a scrolling list, moderated comments in
 * red. Example comments carry no counts nor times (decision 142).
 */
export function Discussion({
  comments,
  sort,
  dispatch,
}: {
  comments: Comment[];
  sort: SortOrder;
  dispatch: Dispatch<CommunityAction>;
}) {
  const [replyTo, setReplyTo] = useState<string | null>(null);
  return (
    <section className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Discussion</h3>
        <label className="text-xs text-slate-700">
          Sort{" "}
          <select
            value={sort}
            onChange={(e) => dispatch({ type: "sort", order: e.target.value as SortOrder })}
            className="rounded border border-slate-300 px-1 py-0.5"
          >
            {SORT_ORDERS.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <CommentForm
        label="Add a comment"
        submitLabel="Post"
        placeholder="Share your perspective..."
        onSubmit={(text) => dispatch({ type: "comment", text })}
      />
      <ul className="mt-3 max-h-72 space-y-2 overflow-y-auto pr-1">
        {sortComments(comments, sort).map((c) => (
          <li
            key={c.id}
            className={`rounded border p-2 text-sm ${c.isModerated ? "border-red-300 bg-red-50 text-red-800" : "border-slate-200"}`}
          >
            <p className="text-xs text-slate-700">
              <strong>{c.author}</strong>
              {c.isModerated && " · moderated"}
            </p>
            <p>{c.content}</p>
            <div className="mt-1 flex gap-3 text-xs">
              <button
                type="button"
                aria-pressed={c.isLiked}
                onClick={() => dispatch({ type: "like", id: c.id })}
              >
                👍 Like
              </button>
              <button type="button" onClick={() => setReplyTo(replyTo === c.id ? null : c.id)}>
                Reply
              </button>
              <button type="button" onClick={() => dispatch({ type: "flag", id: c.id })}>
                Flag
              </button>
            </div>
            {c.replies.length > 0 && (
              <ul className="mt-2 space-y-1 border-l-2 border-slate-200 pl-2">
                {c.replies.map((r) => (
                  <li key={r.id} className="text-xs">
                    <strong>{r.author}</strong>: {r.content}
                  </li>
                ))}
              </ul>
            )}
            {replyTo === c.id && (
              <CommentForm
                label="Reply"
                submitLabel="Reply"
                small
                onSubmit={(text) => {
                  dispatch({ type: "reply", parentId: c.id, text });
                  setReplyTo(null);
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
