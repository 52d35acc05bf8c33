/**
 * An outlet's name as a link to its page (/sources/{id}, decision 121), wherever the feed, a
 * story page or an analysis names an outlet; the name alone when the outlet is not known.
 */

import { sourcePath } from "@/lib/outlets";

export function OutletLink({
  id,
  name,
  className = "underline",
  plainClassName,
}: {
  id: string | undefined;
  name: string;
  className?: string;
  /** How the name looks when there is no page to link to (no id); bare text without it. */
  plainClassName?: string;
}) {
  if (!id) return plainClassName ? <span className={plainClassName}>{name}</span> : <>{name}</>;
  return (
    <a href={sourcePath(id)} className={className} data-testid="outlet-link">
      {name}
    </a>
  );
}
