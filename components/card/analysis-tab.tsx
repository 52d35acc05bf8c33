"use client";

/**
 * The card's 'AI & Community Analysis' tab: picks the intro, progress or result view for the
 * card's analysis state.
 */

import { canAnalyse } from "@/lib/client/analysis";
import { useProvider } from "@/lib/client/hooks/use-provider";
import type { AiAnalysis, Article } from "@/lib/client/types";
import { AnalysisIntro } from "./analysis-intro";
import { AnalysisProgress } from "./analysis-progress";
import { AnalysisResult } from "./analysis-result";

interface Props {
  analysis: AiAnalysis;
  articles: Article[];
  onStart: () => void;
  onShowArticle: (articleId: string) => void;
}

/**
 * The 'AI & Community Analysis' tab in its three states (docs/product.md §2, §4); a card of one article
 * (a one-result search) says why it cannot be analysed instead of offering a run that would fail.
 */
export function AnalysisTab({ analysis, articles, onStart, onShowArticle }: Props) {
  const provider = useProvider();
  if (!canAnalyse({ articles })) return <AnalysisUnavailable />;
  if (analysis.isLoading) return <AnalysisProgress analysis={analysis} provider={provider} />;
  if (analysis.isAnalyzed)
    return <AnalysisResult analysis={analysis} articles={articles} onShowArticle={onShowArticle} />;
  return <AnalysisIntro analysis={analysis} provider={provider} onStart={onStart} />;
}

function AnalysisUnavailable() {
  return (
    <p className="text-slate-800" data-testid="analysis-unavailable">
      An analysis compares two or more articles, and this card holds only one, so there is nothing to compare
      it with.
    </p>
  );
}
