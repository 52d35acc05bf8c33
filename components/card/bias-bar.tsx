/**
 * The card's bias bar: how its outlets spread over the three bias ratings
 * (docs/decisions/048-bias-bar-and-blindspot.md).
 */

import { RATING_COLOR } from "@/lib/client/bands";
import type { NewsComparison } from "@/lib/client/types";

type Bias = NonNullable<NewsComparison["bias"]>;

const SIDES = [
  { key: "left", label: "Center-left", color: RATING_COLOR["center-left"].fill },
  { key: "center", label: "Center", color: RATING_COLOR.center.fill },
  { key: "right", label: "Center-right", color: RATING_COLOR["center-right"].fill },
] as const;

/** How the card's outlets spread over the bias ratings, the rating's source, and a blindspot marker. */
export function BiasBar({ bias }: { bias: Bias }) {
  const total = bias.left + bias.center + bias.right;
  if (total === 0) return null;
  const summary = SIDES.map((s) => `${s.label} ${bias[s.key]}`).join(", ");
  return (
    <div className="mt-3" data-testid="bias-bar">
      <div
        role="img"
        aria-label={`Outlet bias ratings: ${summary}`}
        className="flex h-2 w-full max-w-md overflow-hidden rounded-full bg-slate-100"
      >
        {SIDES.map((s) =>
          bias[s.key] ? (
            <span key={s.key} className={s.color} style={{ width: `${(bias[s.key] / total) * 100}%` }} />
          ) : null,
        )}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700">
        {SIDES.map((s) => (
          <span key={s.key}>
            <span aria-hidden="true" className={`mr-1 inline-block h-2 w-2 rounded-full ${s.color}`} />
            {s.label} {bias[s.key]}
          </span>
        ))}
        {bias.blindspot && (
          <span
            className="rounded border border-amber-400 bg-amber-50 px-1.5 font-semibold text-amber-900"
            data-testid="blindspot"
          >
            Blindspot: no {bias.blindspot === "left" ? "center-left" : "center-right"} outlet
          </span>
        )}
        <span className="text-slate-600">Ratings: {bias.ratingSource}</span>
      </p>
    </div>
  );
}
