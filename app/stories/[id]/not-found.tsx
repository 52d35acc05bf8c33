/** The 404 page of a story link whose card does not exist: a way back to the feed. */

import Link from "next/link";
import { StoryHeader } from "@/components/story/story-header";

/** The 404 of a story link whose card does not exist (or is older than the 72-hour window): back to the feed. */
export default function StoryNotFound() {
  return (
    <>
      <StoryHeader />
      <main id="main" className="mx-auto flex max-w-5xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Story not found</h1>
        <p className="mt-2 max-w-xl text-slate-700">
          This story is not among the comparisons of the last 72 hours, or its link is incomplete.
        </p>
        <Link
          href="/"
          className="mt-4 rounded-lg bg-blue-800 px-4 py-2 text-sm font-medium text-white hover:bg-blue-900"
        >
          Back to the feed
        </Link>
      </main>
    </>
  );
}
