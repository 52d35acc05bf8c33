/** The full-page states and banners of docs/product.md §2 and §8. */

const button = "mt-4 rounded-lg bg-blue-800 px-4 py-2 text-sm font-medium text-white hover:bg-blue-900";

export function LoadingState() {
  return (
    <div role="status" className="flex flex-col items-center py-20 text-center" data-testid="loading-state">
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700"
      />
      <p className="mt-4 text-lg font-semibold text-slate-900">Analyzing News Sources</p>
      <p className="mt-1 text-slate-700">Comparing perspectives and generating insights...</p>
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center py-20 text-center" data-testid="error-state">
      <p className="text-lg font-semibold text-red-800">Error Loading News</p>
      <p className="mt-1 max-w-xl text-slate-700 wrap-anywhere">{message}</p>
      <button type="button" onClick={onRetry} className={button}>
        Try Again
      </button>
    </div>
  );
}

export function NoCountryState({ onDefaults }: { onDefaults: () => void }) {
  return (
    <div className="flex flex-col items-center py-20 text-center" data-testid="no-country-state">
      <p className="text-slate-800">Please select at least one country to view news.</p>
      <button type="button" onClick={onDefaults} className={button}>
        Select US + General
      </button>
    </div>
  );
}

/** A country selected, nothing to show; `hint` says why when the reader can tell (no category). */
export function EmptyState({ onRefresh, hint }: { onRefresh: () => void; hint?: string }) {
  return (
    <div className="flex flex-col items-center py-20 text-center" data-testid="empty-state">
      <p className="text-slate-800">No news comparisons available at the moment.</p>
      {hint && <p className="mt-1 text-sm text-slate-700">{hint}</p>}
      <button type="button" onClick={onRefresh} className={button}>
        Refresh News
      </button>
    </div>
  );
}

/** A search that found nothing: what was searched, and the way back to the feed (not an error). */
export function SearchEmptyState({ message, onBack }: { message: string; onBack: () => void }) {
  return (
    <div className="flex flex-col items-center py-20 text-center" data-testid="search-empty">
      <p className="max-w-xl text-slate-800 wrap-anywhere">{message}</p>
      <p className="mt-1 text-sm text-slate-700">
        The search covers the stories of the last 72 hours in every country and category.
      </p>
      <button type="button" onClick={onBack} className={button}>
        Back to the feed
      </button>
    </div>
  );
}

export function WarningBanner({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="warning-banner"
    >
      <strong>Warning:</strong> {message}
    </div>
  );
}

/** The notice over demo cards: the built-in comparison, or the server's bundled snapshot. */
export function DemoNotice({ fallback }: { fallback: boolean }) {
  return (
    <p
      className="mb-4 rounded-lg border border-violet-300 bg-violet-50 px-4 py-3 text-sm text-violet-900"
      data-testid="demo-notice"
    >
      <strong>Demo data:</strong>{" "}
      {fallback
        ? "this is a built-in example comparison, shown because no live comparisons could be loaded. It is not current news."
        : "these comparisons come from the bundled demo snapshot because no live feed could be reached. They are not current news."}
    </p>
  );
}
