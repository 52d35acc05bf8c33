/** The community preview's reaction buttons and share slot. */

import type { Dispatch } from "react";
import { CURRENT_USER, REACTION_TYPES, type Reaction } from "@/lib/client/community";
import type { CommunityAction } from "./community-preview";

const EMOJI = {
  like: "👍",
  dislike: "👎",
  surprised: "😮",
  angry: "😠",
  sad: "😢",
  thoughtful: "🤔",
} as const;

/** Six reactions, one per reader; no counts (an example's counts would read as this story's, decision 142). */
export function Reactions({
  reactions,
  dispatch,
}: {
  reactions: Reaction[];
  dispatch: Dispatch<CommunityAction>;
}) {
  const mine = reactions.find((r) => r.userId === CURRENT_USER.id)?.type;
  return (
    <section className="rounded-lg border border-slate-200 p-3">
      <h3 className="text-sm font-semibold text-slate-900">Reactions</h3>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {REACTION_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            aria-pressed={mine === type}
            onClick={() => dispatch({ type: "react", reaction: type })}
            className={`rounded-full border px-2.5 py-1 text-sm ${mine === type ? "border-blue-600 bg-blue-50" : "border-slate-300"}`}
          >
            <span aria-hidden="true">{EMOJI[type]}</span> {type}
          </button>
        ))}
        <span className="ml-auto text-sm text-slate-700">Shares: —</span>
      </div>
    </section>
  );
}
