/** A list of analysed points (common points or differences) with the outlets each one cites. */

import type { Article } from "@/lib/client/types";
import type { CitedPoint } from "@/lib/schemas/analysis";

interface Props {
  title: string;
  points: CitedPoint[];
  articles: Article[];
  onShowArticle: (articleId: string) => void;
  empty: string;
}

/** Common points or differences, each with chips for the outlets that support it. */
export function CitedPoints({ title, points, articles, onShowArticle, empty }: Props) {
  return (
    <section className="rounded-lg border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {points.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {points.map((p, i) => (
            <li key={i} className="text-sm text-slate-800">
              <p>{p.text}</p>
              <p className="mt-1 flex flex-wrap gap-1.5" aria-label="Supported by">
                {[...new Set(p.citations)].map((index) => {
                  const a = articles[index];
                  if (!a) return null;
                  return (
                    <a
                      key={index}
                      href={`#article-${a.id}`}
                      onClick={(e) => {
                        e.preventDefault();
                        onShowArticle(a.id);
                      }}
                      className="rounded-full border border-blue-300 bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-900 hover:bg-blue-100"
                      data-testid="citation-chip"
                      title={a.title}
                    >
                      {a.source}
                    </a>
                  );
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
