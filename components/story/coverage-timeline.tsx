/** The story page's coverage over time: every report, when, by whom and under which headline. */

import { LocalTime } from "@/components/app/local-time";
import { formatDuration } from "@/lib/client/coverage-words";
import { safeUrl } from "@/lib/client/safe-url";
import { OutletLink } from "@/components/source/outlet-link";
import { OutletMark } from "@/components/source/outlet-mark";
import type { CardDetail } from "@/lib/schemas/cards";

/**
 * Coverage over time on the story page: every report oldest first, which outlet published it
 * when (and how long after the first), and what its headline said. Rendered on the server; feed
 * text is text, and links are http(s) only.
 */
export function CoverageTimeline({ card }: { card: CardDetail }) {
  const byId = new Map(card.articles.map((a) => [a.id, a]));
  const first = Date.parse(card.coverage.firstPublishedAt);
  return (
    <section
      aria-labelledby="coverage-title"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="coverage-timeline"
    >
      <h2 id="coverage-title" className="text-lg font-bold text-slate-900">
        Coverage over time
      </h2>
      <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4">
        {card.coverage.timeline.map((entry, i) => {
          const article = byId.get(entry.articleId)!;
          const href = safeUrl(article.url);
          return (
            <li key={entry.articleId} className="relative" data-testid="timeline-entry">
              <OutletMark className="absolute -left-[1.4rem] top-1.5 h-3 w-3 border-2 border-white" />
              <p className="flex flex-wrap items-center gap-x-2 text-sm">
                <OutletLink
                  id={article.source.id}
                  name={article.source.name}
                  className="font-semibold text-slate-900 underline decoration-slate-400 hover:text-blue-900"
                />
                <LocalTime iso={entry.publishedAt} className="text-slate-700" />
                <span className="text-slate-700">
                  {i === 0
                    ? "first report"
                    : `${formatDuration(Date.parse(entry.publishedAt) - first)} after the first report`}
                </span>
              </p>
              <p className="mt-0.5 text-slate-900">
                {href ? (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="underline decoration-slate-400 hover:text-blue-900"
                  >
                    {article.title}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  article.title
                )}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
