"use client";

/**
 * The settings panel the header's settings button opens
 * (docs/decisions/043-settings-panel.md).
 */

import { useState } from "react";
import { PopoverDialog } from "@/components/app/popover-dialog";
import { getAnalysisCache } from "@/lib/client/analysis-cache";
import { login, logout } from "@/lib/client/auth";
import { useProvider } from "@/lib/client/hooks/use-provider";
import { providerName } from "@/lib/client/provider-words";
import type { NewsComparison } from "@/lib/client/types";
import { ReadingBalance } from "./reading-balance";

/**
 * Settings (the product contract leaves them unspecified; docs/decisions/043-settings-panel.md): the server's AI provider,
 * the session, clearing the local analysis cache, and the reader's reading balance (decision 122).
 */
export function SettingsPanel({
  authenticated,
  cards,
  onClose,
}: {
  authenticated: boolean;
  /** The feed's cards, for the reading balance's skipped blindspots. */
  cards: NewsComparison[];
  onClose: () => void;
}) {
  const provider = useProvider();
  const [cached, setCached] = useState(() => getAnalysisCache().getStats().size);
  const [busy, setBusy] = useState(false);

  const signInAgain = async () => {
    setBusy(true);
    logout();
    await login();
    setBusy(false);
  };
  const clearCache = () => {
    getAnalysisCache().clear();
    setCached(0);
  };

  return (
    <PopoverDialog id="settings-panel" title="Settings" closeLabel="Close settings" onClose={onClose}>
      <section className="mt-3 text-sm">
        <h3 className="font-semibold text-slate-900">Analysis provider</h3>
        <p className="text-slate-700" data-testid="settings-provider">
          {provider ? providerName(provider) : "Not reported by the server yet."}
        </p>
      </section>
      <section className="mt-3 text-sm">
        <h3 className="font-semibold text-slate-900">Session</h3>
        <p className="text-slate-700" data-testid="settings-session">
          {authenticated
            ? "Connected: you can start analyses, and the feed can ask the server for missing stories. You need no account; nothing identifies you. Sign in again opens a fresh connection if analyses stop working."
            : "Not signed in: analysis and on-demand generation are unavailable."}
        </p>
        <button
          type="button"
          disabled={busy}
          onClick={() => void signInAgain()}
          className="mt-1 rounded-lg border border-slate-400 px-3 py-1 font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
        >
          {busy ? "Signing in..." : "Sign in again"}
        </button>
      </section>
      <section className="mt-3 text-sm">
        <h3 className="font-semibold text-slate-900">Local analysis cache</h3>
        <p className="text-slate-700">
          {cached} cached {cached === 1 ? "analysis" : "analyses"} in this browser.
        </p>
        <button
          type="button"
          onClick={clearCache}
          className="mt-1 rounded-lg border border-slate-400 px-3 py-1 font-medium text-slate-800 hover:bg-slate-100"
        >
          Clear analysis cache
        </button>
      </section>
      <ReadingBalance cards={cards} />
    </PopoverDialog>
  );
}
