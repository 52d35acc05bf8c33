/** The small badge saying whether an outlet's articles are behind a paywall (decision 121). */

import { TONE_BADGE, type Tone } from "@/lib/client/bands";
import { PAYWALL_WORDS } from "@/lib/outlets";
import type { Paywall } from "@/lib/sources/registry";

/** Free reads green, a metered paywall amber, a hard one red, in the badges' colours (lib/client/bands.ts). */
const TONE: Record<Paywall, Tone> = { none: "green", metered: "amber", hard: "red" };

/** "Free to read", "Metered paywall" or "Paywall", with the sentence saying what it means as its title. */
export function PaywallBadge({ paywall }: { paywall: Paywall }) {
  const words = PAYWALL_WORDS[paywall];
  return (
    <span
      className={`rounded border px-1.5 py-0.5 text-xs font-medium ${TONE_BADGE[TONE[paywall]]}`}
      title={words.sentence}
      data-testid="paywall-badge"
      data-paywall={paywall}
    >
      {words.badge}
    </span>
  );
}
