"use client";

/** The community preview's credibility and informativeness ratings. */

import { useState, type Dispatch } from "react";
import {
  canSubmitCredibility,
  CREDIBILITY_VALUES,
  EXPLANATION_PLACEHOLDER,
  INFORMATIVENESS_STARS,
  INFORMATIVENESS_VALUES,
  MAX_STARS,
  requiresExplanation,
  type CredibilityValue,
} from "@/lib/client/community";
import type { CommunityAction } from "./community-preview";

/**
 * Credibility (with the explanation rule of docs/product.md §5) and informativeness stars. The
 * preview shows no score: the example's would read as a rating of this story (decision 142).
 */
export function Ratings({ dispatch }: { dispatch: Dispatch<CommunityAction> }) {
  const [pending, setPending] = useState<CredibilityValue | null>(null);
  const [explanation, setExplanation] = useState("");

  const choose = (rating: CredibilityValue) => {
    if (requiresExplanation(rating)) {
      setPending(rating);
      setExplanation("");
    } else dispatch({ type: "credibility", rating, explanation: "" });
  };
  const submit = () => {
    if (!pending || !canSubmitCredibility(pending, explanation)) return;
    dispatch({ type: "credibility", rating: pending, explanation });
    setPending(null);
  };

  return (
    <section className="grid gap-3 sm:grid-cols-2">
      <div className="rounded-lg border border-slate-200 p-3">
        <h3 className="text-sm font-semibold text-slate-900">Credibility</h3>
        <p className="text-sm font-semibold text-slate-700">Community score: —</p>
        <div className="mt-2 flex flex-wrap gap-1.5">
          {CREDIBILITY_VALUES.map((v) => (
            <button
              key={v}
              type="button"
              onClick={() => choose(v)}
              className="rounded border border-slate-300 px-2 py-0.5 text-xs"
            >
              {v}
            </button>
          ))}
        </div>
        {pending && (
          <div className="mt-2">
            <textarea
              aria-label="Explanation"
              value={explanation}
              onChange={(e) => setExplanation(e.target.value)}
              placeholder={EXPLANATION_PLACEHOLDER}
              className="w-full rounded border border-slate-300 p-2 text-sm"
            />
            <div className="mt-1 flex gap-2">
              <button
                type="button"
                disabled={!canSubmitCredibility(pending, explanation)}
                onClick={submit}
                className="rounded bg-blue-800 px-2 py-1 text-xs text-white disabled:opacity-50"
              >
                Submit Rating
              </button>
              <button
                type="button"
                onClick={() => setPending(null)}
                className="rounded border border-slate-300 px-2 py-1 text-xs"
              >
                Cancel
              </button>
            </div>
          </div>
        )}
      </div>
      <div className="rounded-lg border border-slate-200 p-3">
        <h3 className="text-sm font-semibold text-slate-900">Informativeness</h3>
        <p className="text-sm text-slate-800">
          <span aria-hidden="true">{"☆".repeat(MAX_STARS)}</span> Average: —
        </p>
        <div className="mt-2 flex flex-wrap gap-1.5">
          {INFORMATIVENESS_VALUES.map((v) => (
            <button
              key={v}
              type="button"
              onClick={() => dispatch({ type: "informativeness", rating: v })}
              className="rounded border border-slate-300 px-2 py-0.5 text-xs"
            >
              {v} ({"★".repeat(INFORMATIVENESS_STARS[v])})
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
