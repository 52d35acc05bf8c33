/** The 404 page of an outlet link that names none of the 19 outlets: a way back to the feed. */

import { NotFoundPage } from "@/components/app/not-found-page";

/** The 404 of an outlet link whose id names no known outlet: back to the feed. */
export default function SourceNotFound() {
  return (
    <NotFoundPage title="Outlet not found">
      This link names none of the 19 outlets the site compares, or it is incomplete.
    </NotFoundPage>
  );
}
