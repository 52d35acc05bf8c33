"use client";
import { useEffect, useRef, useState } from "react";
import { getAnalysisCache } from "@/lib/client/analysis-cache";
import { login, logout } from "@/lib/client/auth";
import { providerName, useProvider } from "@/lib/client/hooks/use-provider";

/**
 * Settings (SPEC: "not shown"; docs/decisions/043-settings-panel.md): the server's AI provider,
 * the session, and clearing the local analysis cache.
 */
export function SettingsPanel({ authenticated, onClose }: { authenticated: boolean; onClose: () => void }) {
  const provider = useProvider();
  const [cached, setCached] = useState(() => getAnalysisCache().getStats().size);
  const [busy, setBusy] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

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
    <div
      id="settings-panel"
      role="dialog"
      aria-labelledby="settings-title"
      className="fixed inset-x-4 top-28 z-40 mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-5 shadow-2xl sm:top-20 sm:right-4 sm:left-auto sm:mx-0 sm:w-96"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="settings-title" className="text-lg font-semibold text-slate-900">
          Settings
        </h2>
        <button ref={closeRef} type="button" onClick={onClose} aria-label="Close settings" className="rounded-lg p-1 text-xl leading-none text-slate-700 hover:bg-slate-100">
          ×
        </button>
      </div>
      <section className="mt-3 text-sm">
        <h3 className="font-semibold text-slate-900">AI provider</h3>
        <p className="text-slate-700" data-testid="settings-provider">
          {provider ? providerName(provider) : "Not reported by the server yet."}
        </p>
      </section>
      <section className="mt-3 text-sm">
        <h3 className="font-semibold text-slate-900">Session</h3>
        <p className="text-slate-700">{authenticated ? "Signed in as the public reader." : "Not signed in: analysis and on-demand generation are unavailable."}</p>
        <button type="button" disabled={busy} onClick={() => void signInAgain()} className="mt-1 rounded-lg border border-slate-400 px-3 py-1 font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60">
          {busy ? "Signing in..." : "Sign in again"}
        </button>
      </section>
      <section className="mt-3 text-sm">
        <h3 className="font-semibold text-slate-900">Local analysis cache</h3>
        <p className="text-slate-700">{cached} cached analyses in this browser.</p>
        <button type="button" onClick={clearCache} className="mt-1 rounded-lg border border-slate-400 px-3 py-1 font-medium text-slate-800 hover:bg-slate-100">
          Clear analysis cache
        </button>
      </section>
    </div>
  );
}
