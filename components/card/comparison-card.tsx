"use client";
import { useEffect, useRef, useState } from "react";
import { cachedAnalysis, canAnalyse, runAnalysis, withAssessments } from "@/lib/client/analysis";
import { getAnalysisCache } from "@/lib/client/analysis-cache";
import { authorizedRequest } from "@/lib/client/auth";
import type { NewsComparison } from "@/lib/client/types";
import type { CompareArticlesResponse } from "@/lib/schemas/analysis";
import { AnalysisTab } from "./analysis-tab";
import { CardFooter } from "./card-footer";
import { CardHeader } from "./card-header";
import { CardTabs, type CardTab } from "./card-tabs";
import { CommunityTab } from "./community-tab";
import { SourceComparison } from "./source-comparison";

/** One comparison card: header, the three tabs and the footer (SPEC §2). */
export function ComparisonCardView({ card, onToast }: { card: NewsComparison; onToast: (message: string) => void }) {
  const [tab, setTab] = useState<CardTab>("sources");
  // Cards render only in the browser (after the feed loads), so the local cache can be read here:
  // a card whose analysis is cached opens already analysed. React may render a card several
  // times before showing it (cards mount in transitions), so the hit is counted once it is shown.
  const [fromCache] = useState(() => cachedAnalysis(card, getAnalysisCache()));
  const [analysis, setAnalysis] = useState(() => fromCache ?? card.aiAnalysis);
  useEffect(() => {
    if (fromCache) getAnalysisCache().recordHit();
  }, [fromCache]);
  const [focusId, setFocusId] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = async () => {
    setTab("analysis");
    const result = await runAnalysis(
      { ...card, aiAnalysis: analysis },
      {
        cache: getAnalysisCache(),
        request: (body) => authorizedRequest<CompareArticlesResponse>("/analysis/compare-articles", { method: "POST", body }),
        onProgress: (a) => mounted.current && setAnalysis(a),
        pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      },
    );
    if (mounted.current) setAnalysis(result);
  };

  const showArticle = (articleId: string) => {
    setTab("sources");
    setFocusId(articleId);
  };

  const articles = withAssessments(card.articles, analysis);
  const base = `card-${card.id}`;
  return (
    <article aria-labelledby={`${base}-title`} className="cv-auto overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="comparison-card">
      <CardHeader card={card} analysis={analysis} titleId={`${base}-title`} />
      <CardTabs base={base} active={tab} onChange={setTab} pulse={canAnalyse(card) && !analysis.isAnalyzed && !analysis.isLoading} />
      <div id={`${base}-panel-${tab}`} role="tabpanel" aria-labelledby={`${base}-tab-${tab}`} className="p-4 sm:p-5">
        {tab === "sources" && <SourceComparison articles={articles} focusId={focusId} onFocused={() => setFocusId(null)} />}
        {tab === "analysis" && <AnalysisTab analysis={analysis} articles={articles} onStart={() => void start()} onShowArticle={showArticle} />}
        {tab === "community" && <CommunityTab analysis={analysis} />}
      </div>
      <CardFooter card={card} summary={analysis.summary} onToast={onToast} />
    </article>
  );
}
