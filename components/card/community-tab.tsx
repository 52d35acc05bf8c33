/**
 * The card's 'Community Insights' tab: a coming-soon notice over an inert preview
 * (docs/decisions/047-community-preview.md), labelled on its face as example data that is not about
 * this story (decision 142).
 */

import { CommunityPreview } from "@/components/community/community-preview";

/** 'Community Insights': a coming-soon notice over a faded preview no one can operate (docs/product.md §2). */
export function CommunityTab() {
  return (
    <div data-testid="community-tab">
      <div
        className="mb-3 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950"
        data-testid="coming-soon"
      >
        <p className="font-semibold">Community features are coming soon</p>
        <p>
          Reactions, credibility and informativeness ratings, discussion and community analytics are shown
          below as a preview with example data, which is not about this story; nothing is sent anywhere.
        </p>
      </div>
      <div className="relative" data-testid="community-preview">
        <p
          className="absolute inset-x-0 top-0 z-10 mx-auto w-fit max-w-[90%] rounded-b-lg border border-t-0 border-slate-300 bg-white px-3 py-1 text-center text-sm font-semibold text-slate-900 shadow-sm"
          data-testid="example-label"
        >
          Example data, not about this story: how the community features will look.
        </p>
        <div inert aria-hidden="true" className="pointer-events-none select-none pt-10 opacity-50">
          <CommunityPreview />
        </div>
      </div>
    </div>
  );
}
