/**
 * Next.js calls register() once when the server starts. In the Node runtime: graceful
 * shutdown (lib/lifecycle/shutdown.ts) and the in-server scheduler.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { installShutdownHandlers } = await import("./lib/lifecycle/shutdown");
    const { startScheduler } = await import("./lib/scheduler/start");
    installShutdownHandlers();
    startScheduler();
  }
}
