/**
 * Times one request to a running server while polling its liveness probe
 * (`GET /api/v1/health?probe=live`) back to back on another connection: the request's own
 * time and the slowest probe answer while it ran. A probe that waits long means the request
 * blocked the server's event loop. Used by the hostile-input test and bench.
 */

export interface LivenessTiming {
  status: number;
  /** The request, at the client. */
  ms: number;
  /** The slowest liveness answer while the request was in flight. */
  worstProbeMs: number;
  probes: number;
}

/** Sends `send()` and polls liveness until it settles. */
export async function timeWithLiveness(base: string, send: () => Promise<Response>): Promise<LivenessTiming> {
  let done = false;
  let worstProbeMs = 0;
  let probes = 0;
  const poll = (async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/health?probe=live`);
      await res.arrayBuffer();
      worstProbeMs = Math.max(worstProbeMs, performance.now() - t0);
      probes++;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const t0 = performance.now();
  try {
    const res = await send();
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - t0, worstProbeMs, probes };
  } finally {
    done = true;
    await poll;
  }
}
