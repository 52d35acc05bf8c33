/**
 * Next 16 runs this before it routes a request to a page or an API route (the file convention
 * formerly called middleware). Its one job: a path whose percent-escapes do not decode
 * (`/api/v1/comparison-cards/%`, `/stories/%E0%A4%A`) made Next answer a bare "Internal Server
 * Error" text, with no envelope, request id or log line, when it decoded the route's dynamic
 * segment (issue 23). Such a path now gets what any bad request gets: on the API, 400 in the
 * error envelope with a request id; a page, the 404 page. Either way one log line.
 */
import { NextResponse, type NextRequest } from "next/server";
import { fail } from "@/lib/http/respond";
import { requestIdOf } from "@/lib/http/request-id";
import { logger } from "@/lib/log";

/** True when a path holds a percent-escape that is not UTF-8 ("%", "%zz", "%E0%A4%A"). */
function hasMalformedEscape(path: string): boolean {
  if (!path.includes("%")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

export function proxy(req: NextRequest): Response {
  const path = req.nextUrl.pathname;
  if (!hasMalformedEscape(path)) return NextResponse.next();
  const requestId = requestIdOf(req);
  const api = path.startsWith("/api/");
  logger.info(
    { reqId: requestId, method: req.method, path, status: api ? 400 : 404, who: "anonymous" },
    "request with a malformed percent-escape in its path",
  );
  if (api)
    return fail("bad_request", "The path holds a malformed percent-escape.", {
      requestId,
      headers: { "x-request-id": requestId, "cache-control": "no-store" },
    });
  // A page that cannot exist: the site's 404 page answers it.
  return NextResponse.rewrite(new URL("/not-found", req.url), { headers: { "x-request-id": requestId } });
}

// Only paths with a percent sign, of the API and the story pages (where Next decodes a dynamic
// segment): Next buffers the body of every request a proxy sees, so no upload should meet it.
export const config = { matcher: ["/api/:path(.*%.*)", "/stories/:path(.*%.*)"] };
