"use client";

/**
 * The reader's own reading balance, in the settings panel (decision 122): what they opened in the
 * last 30 days, the bias-rating mix behind it (the card's bias bar), the outlets read most, and the
 * feed's blindspot stories they skipped. Kept in this browser only; showing this section is what
 * lets recording start.
 */

import { useState } from "react";
import { BiasBar } from "@/components/card/bias-bar";
import {
  acknowledge,
  browserStorage,
  clearHistory,
  readingBalance,
  skippedBlindspots,
  type Balance,
  type StorageState,
} from "@/lib/client/reading-balance";
import { formatCardDate } from "@/lib/client/relative-time";
import type { NewsComparison } from "@/lib/client/types";
import { sourcePath } from "@/lib/outlets";
import { BIAS_RATING_SOURCE } from "@/lib/sources/rating-source";
import { storyPath } from "@/lib/stories";

const STORAGE_WORDS: Record<Exclude<StorageState, "ok">, string> = {
  off: "This browser's storage is turned off, so nothing can be recorded. Everything else on the site works as before.",
  full: "This browser's storage is full, so nothing new can be recorded. Your earlier history and everything else are kept as they were.",
};

/** The reading balance section; `cards` are the feed's, for the blindspots skipped. */
export function ReadingBalance({ cards }: { cards: NewsComparison[] }) {
  // The panel renders only in the browser, after a click: storage is read as it opens. The reader
  // sees the statement below from now on, so opened stories are recorded (idempotent).
  const [state, setState] = useState<StorageState>(() => acknowledge(browserStorage(), Date.now()));
  const [balance, setBalance] = useState<Balance>(() => readingBalance(browserStorage(), Date.now()));
  const clear = () => {
    const storage = browserStorage();
    setState(clearHistory(storage));
    setBalance(readingBalance(storage, Date.now()));
  };
  const skipped = skippedBlindspots(cards, balance);
  const shown = state !== "ok" ? state : balance.state;
  return (
    <section className="mt-3 text-sm" data-testid="reading-balance" aria-labelledby="reading-balance-title">
      <h3 id="reading-balance-title" className="font-semibold text-slate-900">
        Your reading balance
      </h3>
      <p className="text-slate-700" data-testid="balance-statement">
        Kept in this browser only: nothing is sent anywhere. It lists the stories you open here (story page,
        Original Source, analysis) for 30 days.
      </p>
      {balance.since !== null && (
        <p className="mt-1 text-slate-700" data-testid="balance-since">
          Recording since {formatCardDate(new Date(balance.since).toISOString(), "local")}, when this panel
          first showed you the sentence above: stories opened before then are not counted, so nothing was kept
          before you knew.
        </p>
      )}
      {shown !== "ok" && (
        <p role="status" className="mt-1 text-amber-900" data-testid="balance-storage">
          {STORAGE_WORDS[shown]}
        </p>
      )}
      <p className="mt-2 text-slate-800" data-testid="balance-count">
        {balance.stories.length === 0
          ? "No stories opened in the last 30 days."
          : `${balance.stories.length} ${balance.stories.length === 1 ? "story" : "stories"} opened in the last 30 days.`}
      </p>
      {balance.stories.length > 0 && (
        <>
          <BiasBar bias={{ ...balance.mix, blindspot: null, ratingSource: BIAS_RATING_SOURCE }} />
          <p className="mt-2 font-medium text-slate-900">Outlets you read most</p>
          <ul className="flex flex-wrap gap-2" data-testid="balance-outlets">
            {balance.topOutlets.map((o) => (
              <li key={o.id}>
                <a href={sourcePath(o.id)} className="text-blue-800 underline">
                  {o.name}
                </a>{" "}
                <span className="text-slate-700">({o.stories})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {skipped.length > 0 && (
        <>
          <p className="mt-2 font-medium text-slate-900">Blindspot stories you skipped</p>
          <ul className="list-disc pl-5" data-testid="balance-skipped">
            {skipped.slice(0, 5).map((c) => (
              <li key={c.id}>
                <a href={storyPath(c.id)} className="text-blue-800 underline">
                  {c.topic}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <button
        type="button"
        onClick={clear}
        className="mt-2 rounded-lg border border-slate-400 px-3 py-1 font-medium text-slate-800 hover:bg-slate-100"
      >
        Clear my history
      </button>
    </section>
  );
}
