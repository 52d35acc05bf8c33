/** 'Load More News Comparisons' ('Load More' on mobile; 'Loading More News...' while loading more). */
export function LoadMore({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  return (
    <div className="mt-6 flex justify-center">
      <button
        type="button"
        onClick={onLoadMore}
        disabled={loading}
        className="w-full rounded-lg border border-blue-800 bg-white px-5 py-2.5 text-sm font-semibold text-blue-900 hover:bg-blue-50 disabled:opacity-60 sm:w-auto"
      >
        {loading ? (
          "Loading More News..."
        ) : (
          <>
            <span className="sm:hidden">Load More</span>
            <span className="hidden sm:inline">Load More News Comparisons</span>
          </>
        )}
      </button>
    </div>
  );
}
