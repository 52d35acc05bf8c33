/**
 * Times one request to a running server while polling its liveness probe
 * (`GET /api/v1/health?probe=live`) back to back on another connection: the request's own
 * time and the slowest probe answer while it ran. A probe that waits long means the request
 * blocked the server's event loop. Used by the hostile-input test and benches.
 */

import { Worker } from "node:worker_threads";

export interface LivenessTiming {
  status: number;
  /** The request, at the client. */
  ms: number;
  /** The slowest liveness answer while the request was in flight. */
  worstProbeMs: number;
  probes: number;
}

/**
 * The probe's loop, in a worker thread of its own: the load a bench or test sends (serializing
 * bodies, parsing answers, serving feeds) runs on this process's main thread, and a probe timed
 * there counted that thread's stalls as the server's. Plain JavaScript, evaluated as is.
 */
const PROBE_LOOP = `
const { parentPort, workerData } = require("node:worker_threads");
let done = false;
const probeMs = [];
parentPort.on("message", () => { done = true; });
const probe = async () => {
  const res = await fetch(workerData.url);
  await res.arrayBuffer();
};
(async () => {
  // The thread's first fetch loads its HTTP client and opens the connection: not timed.
  await probe().catch(() => undefined);
  parentPort.postMessage({ ready: true });
  // At least one timed probe, however short the work.
  do {
    const t0 = performance.now();
    try {
      await probe();
    } catch {
      // A connection the server reset (a keep-alive it closed while stalled): the probe's time counts.
    }
    probeMs.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
  } while (!done);
  parentPort.postMessage({ probeMs });
})();
`;

/** Runs `work` while polling liveness back to back from a worker thread; every probe's time, in order. */
export async function probeDuring<T>(
  base: string,
  work: () => Promise<T>,
): Promise<{ value: T; probeMs: number[] }> {
  const worker = new Worker(PROBE_LOOP, {
    eval: true,
    workerData: { url: `${base}/api/v1/health?probe=live` },
  });
  const message = (key: "ready" | "probeMs") =>
    new Promise<{ ready?: true; probeMs?: number[] }>((resolve, reject) => {
      const onMessage = (m: { ready?: true; probeMs?: number[] }) => {
        if (!(key in m)) return;
        worker.off("message", onMessage);
        resolve(m);
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
    });
  const probed = message("probeMs");
  probed.catch(() => undefined);
  await message("ready");
  const stop = async () => {
    worker.postMessage("stop");
    const { probeMs = [] } = await probed;
    await worker.terminate();
    return probeMs;
  };
  let value: T;
  try {
    value = await work();
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { value, probeMs: await stop() };
}

/** Sends `send()` and polls liveness until it settles. */
export async function timeWithLiveness(base: string, send: () => Promise<Response>): Promise<LivenessTiming> {
  const t0 = performance.now();
  const { value, probeMs } = await probeDuring(base, async () => {
    const res = await send();
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0 };
  });
  return { ...value, worstProbeMs: Math.max(0, ...probeMs), probes: probeMs.length };
}
