import { PHASE_DEVELOPMENT_SERVER } from "next/constants.js";

/**
 * Security headers on every response. Next's App Router hydrates with inline scripts, so
 * script-src allows 'unsafe-inline' (a nonce would force every page to render dynamically);
 * no third-party origin is allowed anywhere. Dev mode adds 'unsafe-eval' for React Refresh.
 * Feed images may come from any http(s) host (the reader's browser loads them; see
 * docs/decisions/005-security-headers.md).
 */
function securityHeaders(dev) {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return [
    { key: "Content-Security-Policy", value: csp },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), interest-cohort=()" },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ];
}

/** @type {(phase: string) => import('next').NextConfig} */
export default function config(phase) {
  return {
    reactStrictMode: true,
    poweredByHeader: false,
    // Native or WASM database drivers stay outside the bundle (docs/decisions/009-toolchain-pins.md).
    serverExternalPackages: [
      "@electric-sql/pglite",
      "pglite-prisma-adapter",
      "@prisma/adapter-pg",
      "pg",
      "pino",
      // The worker pool's threads load lib/workers through tsx at run time (decision 105).
      "tsx",
    ],
    // `npm test` type-checks the tree before it builds it (scripts/test.sh sets
    // NEWS_BUILD_TYPECHECKED): the build's own check of the same files would repeat it (23 s in CI).
    typescript: { ignoreBuildErrors: process.env.NEWS_BUILD_TYPECHECKED === "1" },
    // A CI clone is built once and thrown away: the build's file-system cache (10 s of writing
    // there) would only help a second build of the same checkout.
    experimental: { turbopackFileSystemCacheForBuild: !process.env.CI },
    async headers() {
      return [{ source: "/:path*", headers: securityHeaders(phase === PHASE_DEVELOPMENT_SERVER) }];
    },
  };
}
