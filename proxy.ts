/**
 * Next 16 runs this before it routes a request to a page or an API route (the file convention
 * formerly called middleware). Two jobs:
 *
 * - A path whose percent-escapes do not decode (`/api/v1/comparison-cards/%`, `/sources/%zz`,
 *   `/stories/%E0%A4%A`) made Next answer a bare "Internal Server Error" text, with no envelope,
 *   request id or log line, when it decoded the route's dynamic segment (issues 23 and 34). Such a
 *   path, on any route, now gets what any bad request gets: on the API, 400 in the error envelope
 *   with a request id; a page, the 404 page. Either way one log line.
 * - An outlet's page (/sources/{id}) counts against its client's per-minute limit
 *   (RATE_LIMIT_OUTLET_PER_CLIENT_PER_MINUTE, as the API's profile does): past it, 429 with
 *   Retry-After and a log line (issue 34). Counted in this instance's memory: the limit guards the
 *   instance's own work.
 */
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { clientAddress, clientKey } from "@/lib/http/client-address";
import { memoryWindows, type WindowStore } from "@/lib/http/rate-window";
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

const holder = globalThis as unknown as { __newsPageWindows?: WindowStore };
const pageWindows = (holder.__newsPageWindows ??= memoryWindows());

/** Counts an outlet page against its client; a 429 page past the limit, else null. */
async function outletPageLimit(req: NextRequest, requestId: string, path: string): Promise<Response | null> {
  const client = clientKey(clientAddress(req));
  const now = new Date();
  const window = await pageWindows.hit(`outlet-client:${client}`, 60_000, now);
  if (window.count <= env.RATE_LIMIT_OUTLET_PER_CLIENT_PER_MINUTE) return null;
  const seconds = Math.max(1, Math.ceil((window.resetAt.getTime() - now.getTime()) / 1000));
  logger.info(
    { reqId: requestId, method: req.method, path, status: 429, who: "anonymous", limit: "outlet-client" },
    "request",
  );
  return new Response(
    `<!doctype html><meta charset="utf-8"><title>Too many requests</title>` +
      `<p>Too many requests; try again in ${seconds} s.</p>`,
    {
      status: 429,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "retry-after": String(seconds),
        "x-request-id": requestId,
      },
    },
  );
}

export async function proxy(req: NextRequest): Promise<Response> {
  const path = req.nextUrl.pathname;
  const requestId = requestIdOf(req);
  if (hasMalformedEscape(path)) {
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
  if (path.startsWith("/sources/")) {
    const refused = await outletPageLimit(req, requestId, path);
    if (refused) return refused;
  }
  return NextResponse.next();
}

// Every path with a percent sign (where Next decodes a dynamic segment of any route), and the
// outlet pages. Next buffers the body of every request a proxy sees: an outlet page has none, and
// an upload with a percent sign in its path is refused here before its body matters.
export const config = { matcher: ["/:path(.*%.*)", "/sources/:path*"] };
