/** What the page says about the server's analysis provider (reported by GET /analysis/provider). */
import type { ProviderInfo } from "@/lib/schemas/analysis";

/** The words the page uses for the provider: the server's own label. */
export function providerName(provider: ProviderInfo | null): string {
  return provider ? provider.label : "the backend AI model";
}
