/** The 404 page of an outlet link that names none of the 19 outlets: a way back to the feed. */

import Link from "next/link";
import { StoryHeader } from "@/components/story/story-header";

/** The 404 of an outlet link whose id names no known outlet: back to the feed. */
export default function SourceNotFound() {
  return (
    <>
      <StoryHeader />
      <main id="main" className="mx-auto flex max-w-5xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Outlet not found</h1>
        <p className="mt-2 max-w-xl text-slate-700">
          This link names none of the 19 outlets the site compares, or it is incomplete.
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
