/**
 * Next.js calls register() once when the server starts. In the Node runtime: the client
 * address from the socket (lib/http/client-address.ts), graceful shutdown
 * (lib/lifecycle/shutdown.ts), recovery of runs a killed process left "running", and the
 * in-server scheduler.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { takeClientAddressFromSocket } = await import("./lib/http/client-address");
    takeClientAddressFromSocket();
    const { installShutdownHandlers } = await import("./lib/lifecycle/shutdown");
    const { startScheduler } = await import("./lib/scheduler/start");
    const { recoverInterruptedRuns } = await import("./lib/services/recover-interrupted-runs");
    const { logger } = await import("./lib/log");
    installShutdownHandlers();
    // Before the scheduler's first tick, so an interrupted run never looks like a live one.
    await recoverInterruptedRuns().catch((error) =>
      logger.error({ err: error }, "recovering interrupted runs failed"),
    );
    startScheduler();
  }
}
