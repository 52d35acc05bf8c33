/** The 404 page of a story link whose card does not exist: a way back to the feed. */

import { NotFoundPage } from "@/components/app/not-found-page";

/** The 404 of a story link whose card does not exist (or is older than the 72-hour window): back to the feed. */
export default function StoryNotFound() {
  return (
    <NotFoundPage title="Story not found">
      This story is not among the comparisons of the last 72 hours, or its link is incomplete.
    </NotFoundPage>
  );
}
