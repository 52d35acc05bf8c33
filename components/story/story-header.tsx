/** The story page's header, which leads back to the feed. */

/**
 * The story page's header: the product's name and tagline, leading back to the feed. Rendered on
 * the server; the feed's search and panels belong to the feed. Plain links, not next/link: the
 * root 404 page uses this header too, and a client component there would join every page's
 * first-load JavaScript (the feed is a full page load away anyway).
 */
export function StoryHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:py-3">
        <div className="min-w-0 flex-1">
          {/* A full page load on purpose (see above). */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className="text-base font-bold leading-tight text-slate-900 hover:underline sm:text-lg">
            Global Multi-Source News Analysis
          </a>
          <p className="text-xs text-slate-600">Cross-Source News Analysis</p>
        </div>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a
          href="/"
          className="shrink-0 rounded-lg border border-slate-400 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          <span aria-hidden="true">← </span>Back to the feed
        </a>
      </div>
    </header>
  );
}
