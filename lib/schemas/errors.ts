/**
 * The error envelope's machine codes and the HTTP status each answers with: part of the API's
 * contract (docs/api.md, the OpenAPI document), raised and answered by the edge (lib/http).
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_error: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  provider_error: 502,
  service_unavailable: 503,
  database_unavailable: 503,
  provider_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
