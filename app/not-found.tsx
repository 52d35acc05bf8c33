/** The site's own 404 page for an address no page answers: what happened and a way back to the feed. */

import type { Metadata } from "next";
import { NotFoundPage } from "@/components/app/not-found-page";

// The layout's title template adds the site's name once.
export const metadata: Metadata = { title: "Page not found" };

/** The 404 of an unknown address (a mistyped or outdated link): back to the feed. */
export default function NotFound() {
  return (
    <NotFoundPage title="Page not found">
      No page of this site lives at this address. The feed has the stories of the last 72 hours.
    </NotFoundPage>
  );
}
