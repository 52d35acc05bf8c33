/** SPEC §7 Share: the browser's share sheet when there is one, else the link to the clipboard. */

import type { NewsComparison } from "./types";

export const LINK_COPIED = "Link copied to clipboard!";

export interface ShareDeps {
  navigator: Pick<Navigator, "clipboard"> & { share?: Navigator["share"] };
  url: string;
}

export type ShareOutcome = "shared" | "copied" | "failed";

export async function shareComparison(card: NewsComparison, deps: ShareDeps): Promise<ShareOutcome> {
  try {
    if (typeof deps.navigator.share === "function") {
      await deps.navigator.share({ title: `News Comparison: ${card.topic}`, text: card.aiAnalysis.summary, url: deps.url });
      return "shared";
    }
    await deps.navigator.clipboard.writeText(deps.url);
    return "copied";
  } catch (error) {
    console.warn("Share failed", error);
    return "failed";
  }
}
