/** One article as the card's Source Comparison tab shows it: outlet, texts, sentiment and link. */

import { LocalTime } from "@/components/app/local-time";
import { biasLabel } from "@/lib/client/bands";
import { safeUrl } from "@/lib/client/safe-url";
import type { Article } from "@/lib/client/types";
import { OutletLink } from "@/components/source/outlet-link";
import { OutletMark } from "@/components/source/outlet-mark";
import { PaywallBadge } from "./paywall-badge";

const SENTIMENT = {
  positive: { icon: "😊", text: "Positive" },
  negative: { icon: "😟", text: "Negative" },
  neutral: { icon: "😐", text: "Neutral" },
} as const;

/** docs/product.md §2: full content only when longer than the summary by 100+ and not repeating its start. */
export function hasFullContent(a: Pick<Article, "content" | "summary">): boolean {
  return a.content.length > a.summary.length + 100 && !a.content.includes(a.summary.slice(0, 50));
}

/** One article of the Source Comparison tab. Feed text is rendered as text, never as HTML. */
export function ArticlePanel({
  article: a,
  highlighted,
  onOpenOriginal,
}: {
  article: Article;
  highlighted: boolean;
  onOpenOriginal?: () => void;
}) {
  const full = hasFullContent(a);
  const sentiment = SENTIMENT[a.sentiment];
  const info = a.sourceInfo;
  const href = safeUrl(a.sourceUrl);
  return (
    <section
      id={`article-${a.id}`}
      tabIndex={-1}
      aria-label={`${a.source}: ${a.title}`}
      className={`rounded-lg border p-4 outline-none transition-shadow ${highlighted ? "border-blue-600 ring-2 ring-blue-600" : "border-slate-200"}`}
      data-testid="article-panel"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <OutletMark />
        <OutletLink
          id={info?.id}
          name={a.source}
          className="font-semibold text-slate-900 underline decoration-slate-400 underline-offset-2 hover:text-blue-900"
          plainClassName="font-semibold text-slate-900"
        />
        {info && (
          <>
            <PaywallBadge paywall={info.paywall} />
            <span className="text-slate-700">{info.region}</span>
            <span
              className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800"
              title={`Rating: ${info.biasRatingSource}`}
            >
              Rated {info.biasRating}
            </span>
          </>
        )}
      </div>
      {/* Before an analysis the bias score and sentiment are placeholders: the slots say so, not "Neutral". */}
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
        <span
          className={`rounded-full px-2 py-0.5 font-medium ${a.assessed ? "bg-indigo-50 text-indigo-900" : "bg-slate-100 text-slate-700"}`}
          data-testid="bias-label"
        >
          {a.assessed ? biasLabel(a.biasScore) : "Bias not analysed yet"}
        </span>
        <span className="text-slate-800" data-testid="sentiment">
          {a.assessed ? (
            <>
              <span aria-hidden="true">{sentiment.icon}</span> {sentiment.text}
            </>
          ) : (
            "Sentiment not analysed yet"
          )}
        </span>
        <LocalTime iso={a.publishedAt} className="text-slate-700" />
      </div>
      <h3 className="mt-2 font-semibold leading-snug text-slate-900">{a.title}</h3>
      <p className="mt-1 text-sm text-slate-700">{a.summary}</p>
      <details className="group mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-blue-800 hover:underline">
          {full ? "Read Full Content" : "Content Info"}
        </summary>
        {full ? (
          <p className="mt-2 whitespace-pre-line text-slate-800" data-testid="full-content">
            {a.content}
          </p>
        ) : (
          <p className="mt-2 text-slate-700" data-testid="content-info">
            The RSS feed holds all available content for this article.{" "}
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={onOpenOriginal}
              className="font-medium text-blue-800 underline"
            >
              Read the full article on {a.source}
            </a>
          </p>
        )}
      </details>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onOpenOriginal}
        className="mt-3 inline-block text-sm font-medium text-blue-800 underline hover:text-blue-950"
      >
        Original Source<span className="sr-only"> (opens in a new tab)</span>{" "}
        <span aria-hidden="true">↗</span>
      </a>
    </section>
  );
}
