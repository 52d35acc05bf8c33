/**
 * Builds the app for the browser tests with distinctive canary secrets in the environment,
 * so tests/e2e/bundle-secrets.spec.ts can prove none of them reaches the client bundle.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { BUILD_CANARIES } from "@/tests/setup/test-env";

Object.assign(process.env, BUILD_CANARIES, { NEXT_TELEMETRY_DISABLED: "1" });
const result = spawnSync(path.join("node_modules", ".bin", "next"), ["build"], { stdio: "inherit" });
process.exit(result.status ?? 1);
