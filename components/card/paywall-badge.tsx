/** The small badge saying whether an outlet's articles are behind a paywall (decision 121). */

import { PAYWALL_WORDS } from "@/lib/outlets";
import type { Paywall } from "@/lib/sources/registry";

const TONE: Record<Paywall, string> = {
  none: "border-emerald-300 bg-emerald-50 text-emerald-900",
  metered: "border-amber-300 bg-amber-50 text-amber-900",
  hard: "border-rose-300 bg-rose-50 text-rose-900",
};

/** "Free to read", "Metered paywall" or "Paywall", with the sentence saying what it means as its title. */
export function PaywallBadge({ paywall }: { paywall: Paywall }) {
  const words = PAYWALL_WORDS[paywall];
  return (
    <span
      className={`rounded border px-1.5 py-0.5 text-xs font-medium ${TONE[paywall]}`}
      title={words.sentence}
      data-testid="paywall-badge"
      data-paywall={paywall}
    >
      {words.badge}
    </span>
  );
}
