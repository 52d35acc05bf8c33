/** The 404 page of a link to a page that does not exist (a story, an outlet): a way back to the feed. */

import type { ReactNode } from "react";
import { StoryHeader } from "@/components/story/story-header";

/** The header, what was not found, why, and a way back to the feed. */
export function NotFoundPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <StoryHeader />
      <main id="main" className="mx-auto flex max-w-5xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 max-w-xl text-slate-700">{children}</p>
        {/* A full page load, not next/link: this page is the root 404's, part of every page's first load. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a
          href="/"
          className="mt-4 rounded-lg bg-blue-800 px-4 py-2 text-sm font-medium text-white hover:bg-blue-900"
        >
          Back to the feed
        </a>
      </main>
    </>
  );
}
