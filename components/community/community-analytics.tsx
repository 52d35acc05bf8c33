/** The community preview's analytics block: what it will summarise, with no figure yet (decision 142). */

/** What the analytics will show once readers take part; an example's figures would read as this story's. */
const ROWS = [
  "Total reactions",
  "Credibility consensus",
  "Informativeness",
  "Reader sentiment",
  "AI vs readers agreement",
  "Most discussed",
];

/** Community analytics: reactions, consensus, informativeness, sentiment and AI-vs-readers agreement. */
export function CommunityAnalyticsBlock() {
  return (
    <section className="rounded-lg border border-slate-200 p-3">
      <h3 className="text-sm font-semibold text-slate-900">Community Analytics</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {ROWS.map((k) => (
          <div key={k} className="contents">
            <dt className="text-slate-700">{k}</dt>
            <dd className="font-medium text-slate-900">—</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
