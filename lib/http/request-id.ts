/** The id of a request, in its log lines, its `x-request-id` header and every error body. */

const REQUEST_ID = /^[A-Za-z0-9._:-]{6,100}$/;

/** The caller's `x-request-id` when it is a plain token, else a new one. */
export function requestIdOf(req: Request): string {
  const incoming = req.headers.get("x-request-id");
  return incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}
