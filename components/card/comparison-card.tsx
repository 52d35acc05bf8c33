"use client";

/**
 * One comparison card and its state: the open tab, the analysis (from the local cache or a run)
 * and the article a citation points to.
 */

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { canAnalyse, runAnalysis, withAssessments } from "@/lib/client/analysis";
import { getAnalysisCache } from "@/lib/client/analysis-cache";
import { useCachedAnalysis } from "@/lib/client/hooks/use-cached-analysis";
import type { OpenedVia } from "@/lib/client/reading-balance";
import type { AiAnalysis, Article, NewsComparison } from "@/lib/client/types";
import type { CompareArticlesResponse } from "@/lib/schemas/analysis";
import { CardFooter } from "./card-footer";
import { CardHeader } from "./card-header";
import { CardTabs, TABS, type CardTab } from "./card-tabs";
import { SourceComparison } from "./source-comparison";

// Loaded once the page is idle rather than with the card, so the story page's first-load JavaScript
// stays small (budget: 150 KB gzipped, like the feed's): the tabs a card does not open on, and the
// session code (on the feed it is loaded already; a story's reader may never analyse).
const loadSession = () => import("@/lib/client/auth");
const loadAnalysisTab = () => import("./analysis-tab");
const loadCommunityTab = () => import("./community-tab");
const AnalysisTab = lazy(() => loadAnalysisTab().then((m) => ({ default: m.AnalysisTab })));
const CommunityTab = lazy(() => loadCommunityTab().then((m) => ({ default: m.CommunityTab })));

interface Props {
  card: NewsComparison;
  onToast: (message: string) => void;
  /** The card is its story page's subject: its topic is the page's heading, not a link to the page. */
  standalone?: boolean;
}

/** One comparison card: header, the three tabs and the footer (docs/product.md §2). */
export function ComparisonCardView({ card, onToast, standalone = false }: Props) {
  const [tab, setTab] = useState<CardTab>("sources");
  // The standalone card is its story page's, rendered on the server.
  const fromCache = useCachedAnalysis(card, standalone);
  // This card's own run, once started; until then a cached analysis, else the placeholder.
  const [run, setRun] = useState<AiAnalysis | null>(null);
  const analysis = run ?? fromCache ?? card.aiAnalysis;
  const [focusId, setFocusId] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    // Fetched before the reader opens them, so a tab opens at once.
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1));
    idle(() => void Promise.all([loadAnalysisTab(), loadCommunityTab(), loadSession()]));
  }, []);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The reading balance (kept in this browser only) loads when the reader first opens something.
  const record = (via: OpenedVia, article?: Article) =>
    void import("@/lib/client/reading-balance").then((m) => m.recordOpened(card, via, article));

  const start = async () => {
    setTab("analysis");
    record("analysis");
    const { authorizedRequest } = await loadSession();
    const result = await runAnalysis(
      { ...card, aiAnalysis: analysis },
      {
        cache: getAnalysisCache(),
        request: (body) =>
          authorizedRequest<CompareArticlesResponse>("/analysis/compare-articles", { method: "POST", body }),
        onProgress: (a) => mounted.current && setRun(a),
        pause: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      },
    );
    if (mounted.current) setRun(result);
  };

  const showArticle = (articleId: string) => {
    setTab("sources");
    setFocusId(articleId);
  };

  const articles = withAssessments(card.articles, analysis);
  const base = `card-${card.id}`;
  return (
    // Feed cards skip rendering off screen (cv-auto); a story page's one card is on screen from the first paint,
    // where cv-auto's placeholder height would make the page below it jump once the card is laid out.
    <article
      aria-labelledby={`${base}-title`}
      className={`${standalone ? "" : "cv-auto "}overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm`}
      data-testid="comparison-card"
    >
      <CardHeader card={card} analysis={analysis} titleId={`${base}-title`} standalone={standalone} />
      <CardTabs
        base={base}
        active={tab}
        onChange={setTab}
        pulse={canAnalyse(card) && !analysis.isAnalyzed && !analysis.isLoading}
      />
      <div
        id={`${base}-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`${base}-tab-${tab}`}
        className="p-4 sm:p-5"
      >
        {/* Under a page's h1 the panel's own headings (h3) need an h2 above them, as a card's h2 is on the feed. */}
        {standalone && <h2 className="sr-only">{TABS.find((t) => t.id === tab)!.label}</h2>}
        {tab === "sources" && (
          <SourceComparison
            articles={articles}
            focusId={focusId}
            onFocused={() => setFocusId(null)}
            onOpenOriginal={(a) => record("original source", a)}
          />
        )}
        <Suspense fallback={<p className="text-sm text-slate-700">Loading…</p>}>
          {tab === "analysis" && (
            <AnalysisTab
              analysis={analysis}
              articles={articles}
              onStart={() => void start()}
              onShowArticle={showArticle}
            />
          )}
          {tab === "community" && <CommunityTab />}
        </Suspense>
      </div>
      <CardFooter card={card} summary={analysis.summary} onToast={onToast} />
    </article>
  );
}
