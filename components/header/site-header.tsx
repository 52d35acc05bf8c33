/** The sticky header of SPEC §2: title, tagline, topic search, 'Live Analysis' badge and two buttons. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3">
        <div className="min-w-0">
          <p className="truncate text-base font-bold text-slate-900 sm:text-lg">Global Multi-Source News Analysis</p>
          <p className="text-xs text-slate-600">Cross-Source News Analysis</p>
        </div>
        <form role="search" className="ml-auto hidden flex-1 sm:block sm:max-w-sm" action="#">
          <label htmlFor="topic-search" className="sr-only">Search topics</label>
          <input
            id="topic-search"
            type="search"
            placeholder="Search topics..."
            className="w-full rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
          />
        </form>
        <span className="hidden rounded-full bg-green-100 px-2.5 py-1 text-xs font-medium text-green-800 md:inline">
          Live Analysis
        </span>
        <button type="button" aria-label="AI analysis cache statistics" className="rounded-lg p-2 hover:bg-slate-100">
          📊
        </button>
        <button type="button" aria-label="Settings" className="rounded-lg p-2 hover:bg-slate-100">
          ⚙️
        </button>
      </div>
    </header>
  );
}
