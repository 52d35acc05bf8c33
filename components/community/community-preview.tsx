"use client";

/**
 * The community preview (docs/decisions/047-community-preview.md): reactions, ratings, analytics
 * and discussion over local demo data; nothing reaches a server.
 */

import { useReducer } from "react";
import {
  addComment,
  addReply,
  CURRENT_USER,
  flagComment,
  rateCredibility,
  rateInformativeness,
  toggleCommentLike,
  toggleReaction,
  type CommunityState,
  type CredibilityValue,
  type InformativenessValue,
  type ReactionType,
  type SortOrder,
} from "@/lib/client/community";
import { demoCommunity } from "@/lib/client/community-demo";
import { CommunityAnalyticsBlock } from "./community-analytics";
import { Discussion } from "./discussion";
import { Ratings } from "./ratings";
import { Reactions } from "./reactions";

export type CommunityAction =
  | { type: "react"; reaction: ReactionType }
  | { type: "credibility"; rating: CredibilityValue; explanation: string }
  | { type: "informativeness"; rating: InformativenessValue }
  | { type: "comment"; text: string }
  | { type: "reply"; parentId: string; text: string }
  | { type: "like"; id: string }
  | { type: "flag"; id: string }
  | { type: "sort"; order: SortOrder };

interface State extends CommunityState {
  sort: SortOrder;
}

let seq = 0;
const nextId = () => `local-${Date.now().toString(36)}-${(seq++).toString(36)}`;

function reduce(state: State, action: CommunityAction): State {
  const now = Date.now();
  switch (action.type) {
    case "react":
      return {
        ...state,
        reactions: toggleReaction(state.reactions, CURRENT_USER, action.reaction, now, nextId()),
      };
    case "credibility":
      return {
        ...state,
        credibility: rateCredibility(
          state.credibility,
          CURRENT_USER,
          action.rating,
          action.explanation,
          now,
          nextId(),
        ),
      };
    case "informativeness":
      return {
        ...state,
        informativeness: rateInformativeness(
          state.informativeness,
          CURRENT_USER,
          action.rating,
          now,
          nextId(),
        ),
      };
    case "comment":
      return {
        ...state,
        comments: addComment(state.comments, CURRENT_USER.name, action.text, now, nextId()),
      };
    case "reply":
      return {
        ...state,
        comments: addReply(state.comments, action.parentId, CURRENT_USER.name, action.text, now, nextId()),
      };
    case "like":
      return { ...state, comments: toggleCommentLike(state.comments, action.id) };
    case "flag":
      return { ...state, comments: flagComment(state.comments, action.id) };
    case "sort":
      return { ...state, sort: action.order };
  }
}

/** The community preview driven by the local demo logic of lib/client/community.ts, showing no figure. */
export function CommunityPreview() {
  const [state, dispatch] = useReducer(reduce, undefined, () => ({
    ...demoCommunity(),
    sort: "newest" as SortOrder,
  }));
  return (
    <div className="space-y-4">
      <Reactions reactions={state.reactions} dispatch={dispatch} />
      <Ratings dispatch={dispatch} />
      <Discussion comments={state.comments} sort={state.sort} dispatch={dispatch} />
      <CommunityAnalyticsBlock />
    </div>
  );
}
