import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "generated/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    // Browser code never imports server modules (they hold secrets and database access).
    files: ["components/**", "lib/client/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/lib/db", "@/lib/database/*", "@/lib/env", "@/lib/auth/secrets", "@/lib/auth/tokens", "@/lib/services/*", "@/lib/http/*", "@/lib/ingest/*", "@/lib/analysis/*", "@/generated/*"], message: "Server-only module: the browser must not import it." },
          ],
        },
      ],
    },
  },
];

export default config;
