/** Next.js calls register() once when the server starts; the scheduler runs in Node only. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startScheduler } = await import("./lib/scheduler/start");
    startScheduler();
  }
}
