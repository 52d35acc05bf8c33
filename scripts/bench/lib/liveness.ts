/**
 * Times one request to a running server while polling its liveness probe
 * (`GET /api/v1/health?probe=live`) back to back on another connection: the request's own
 * time and the slowest probe answer while it ran. A probe that waits long means the request
 * blocked the server's event loop. Used by the hostile-input test and benches.
 */

export interface LivenessTiming {
  status: number;
  /** The request, at the client. */
  ms: number;
  /** The slowest liveness answer while the request was in flight. */
  worstProbeMs: number;
  probes: number;
}

/** Runs `work` while polling liveness back to back; every probe's time, in order. */
export async function probeDuring<T>(
  base: string,
  work: () => Promise<T>,
): Promise<{ value: T; probeMs: number[] }> {
  let done = false;
  const probeMs: number[] = [];
  const poll = (async () => {
    while (!done) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/api/v1/health?probe=live`);
        await res.arrayBuffer();
      } catch {
        // A connection the server reset (a keep-alive it closed while stalled): the probe's time counts.
      }
      probeMs.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  try {
    return { value: await work(), probeMs };
  } finally {
    done = true;
    await poll;
  }
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
