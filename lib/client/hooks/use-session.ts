"use client";

/** The session hook: whether the page holds a token and whether start-up has finished. */

import { useEffect, useState, useSyncExternalStore } from "react";
import { isAuthenticated, subscribeSession } from "../auth";
import { startApp, type StartupResult } from "../startup";

/** Whether a token is held, and whether start-up (login + options) has finished. */
export function useSession() {
  const authenticated = useSyncExternalStore(subscribeSession, isAuthenticated, () => false);
  const [startup, setStartup] = useState<StartupResult | null>(null);
  useEffect(() => {
    let live = true;
    startApp().then((result) => live && setStartup(result));
    return () => {
      live = false;
    };
  }, []);
  return { authenticated, ready: startup !== null };
}
