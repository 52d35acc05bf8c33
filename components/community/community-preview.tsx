"use client";

/**
 * The community preview (docs/decisions/047-community-preview.md): reactions, ratings, analytics
 * and discussion over local demo data; nothing reaches a server.
 */

import { useReducer } from "react";
import {
  addComment,
  addReply,
  computeAnalytics,
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
import type { Sentiment } from "@/lib/client/types";
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
  touched: boolean;
}

let seq = 0;
const nextId = () => `local-${Date.now().toString(36)}-${(seq++).toString(36)}`;

function reduce(state: State, action: CommunityAction): State {
  const now = Date.now();
  const touched = { ...state, touched: true };
  switch (action.type) {
    case "react":
      return {
        ...touched,
        reactions: toggleReaction(state.reactions, CURRENT_USER, action.reaction, now, nextId()),
      };
    case "credibility":
      return {
        ...touched,
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
        ...touched,
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
        ...touched,
        comments: addComment(state.comments, CURRENT_USER.name, action.text, now, nextId()),
      };
    case "reply":
      return {
        ...touched,
        comments: addReply(state.comments, action.parentId, CURRENT_USER.name, action.text, now, nextId()),
      };
    case "like":
      return { ...touched, comments: toggleCommentLike(state.comments, action.id) };
    case "flag":
      return { ...touched, comments: flagComment(state.comments, action.id) };
    case "sort":
      return { ...state, sort: action.order };
  }
}

/** The community preview driven by the local demo logic of lib/client/community.ts. */
export function CommunityPreview({ aiSentiment }: { aiSentiment: Sentiment }) {
  const [state, dispatch] = useReducer(reduce, undefined, () => ({
    ...demoCommunity(),
    sort: "newest" as SortOrder,
    touched: false,
  }));
  const analytics = computeAnalytics(state, aiSentiment, { initial: !state.touched });
  return (
    <div className="space-y-4">
      <Reactions reactions={state.reactions} dispatch={dispatch} />
      <Ratings credibility={state.credibility} informativeness={state.informativeness} dispatch={dispatch} />
      <Discussion comments={state.comments} sort={state.sort} dispatch={dispatch} />
      <CommunityAnalyticsBlock analytics={analytics} />
    </div>
  );
}
