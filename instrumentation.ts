/**
 * Next.js calls register() once when the server starts. In the Node runtime: the client
 * address from the socket (lib/http/client-address.ts), graceful shutdown
 * (lib/lifecycle/shutdown.ts), recovery of runs a killed process left "running", the accounts as
 * the settings say (OPERATOR_USERNAME and OPERATOR_PASSWORD are the truth at every start), the start-up
 * demo (lib/services/prepare-first-page.ts: into an empty news window, or always if settings
 * say so), and the in-server scheduler, whose first fetch follows it.
 */

/** The longest start waits for the first page's demo (decision 123). */
const FIRST_PAGE_WAIT_MS = 10_000;

export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { takeClientAddressFromSocket } = await import("./lib/http/client-address");
    takeClientAddressFromSocket();
    const { installShutdownHandlers } = await import("./lib/lifecycle/shutdown");
    const { startScheduler } = await import("./lib/scheduler/start");
    const { recoverInterruptedRuns } = await import("./lib/services/recover-interrupted-runs");
    const { prepareFirstPage } = await import("./lib/services/prepare-first-page");
    const { applyCredentialsAtStart } = await import("./lib/services/apply-credentials");
    const { logger } = await import("./lib/log");
    const { env } = await import("./lib/env");
    installShutdownHandlers();
    // Before the scheduler's first tick, so an interrupted run never looks like a live one.
    await recoverInterruptedRuns().catch((error) =>
      logger.error({ err: error }, "recovering interrupted runs failed"),
    );
    // `next build` may load instrumentation; a build never ingests: no demo, no scheduler.
    if (env.NEXT_PHASE === "phase-production-build") return;
    // Before the first request: a renamed or re-passworded operator's old credentials end now.
    await applyCredentialsAtStart();
    // Next serves no request before register() returns: the first page is ready when the server
    // first answers (a second or two of bundled files, never a feed), but start waits at most
    // FIRST_PAGE_WAIT_MS for it. The scheduler's first fetch follows it either way.
    const firstPage = prepareFirstPage().catch((error) =>
      logger.error({ err: error }, "preparing the first page failed"),
    );
    startScheduler({ after: firstPage });
    await Promise.race([
      firstPage,
      new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS).unref()),
    ]);
  }
}
