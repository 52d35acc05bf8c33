import "server-only";

/** Which analysis provider answers on this server (GET /api/v1/analysis/provider). */

import { analysisProviders } from "./analysis-providers";
import type { ProviderInfo } from "@/lib/schemas/analysis";

/** Who answers analyses on this server, so the page can name the provider before any analysis runs. */
export async function getAnalysisProvider(): Promise<ProviderInfo> {
  return analysisProviders().primary.info();
}
