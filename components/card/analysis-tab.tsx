"use client";
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

/** The 'AI & Community Analysis' tab in its three states (SPEC §2, §4). */
export function AnalysisTab({ analysis, articles, onStart, onShowArticle }: Props) {
  const provider = useProvider();
  if (analysis.isLoading) return <AnalysisProgress analysis={analysis} provider={provider} />;
  if (analysis.isAnalyzed) return <AnalysisResult analysis={analysis} articles={articles} onShowArticle={onShowArticle} />;
  return <AnalysisIntro analysis={analysis} provider={provider} onStart={onStart} />;
}
