import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "generated/**",
      "node_modules/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  {
    // Browser code never imports server modules (they hold secrets and database access).
    files: ["components/**", "lib/client/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "@/lib/db",
                "@/lib/database/*",
                "@/lib/env",
                "@/lib/auth/secrets",
                "@/lib/auth/tokens",
                "@/lib/services/*",
                "@/lib/http/*",
                "@/lib/ingest/*",
                "@/lib/analysis/*",
                "@/generated/*",
              ],
              message: "Server-only module: the browser must not import it.",
            },
          ],
        },
      ],
      // Schemas are zod: the browser imports their types only (zod would cost ~50 KB of first-load JS).
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/schemas/*", "!@/lib/schemas/analysis-limits", "zod"],
              allowTypeImports: true,
              message: "Import only types from zod schemas in browser code.",
            },
          ],
        },
      ],
    },
  },
];

export default config;
