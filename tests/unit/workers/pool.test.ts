import { afterAll, describe, expect, it } from "vitest";
import { draftCards } from "@/lib/cluster/cards/build-card";
import { JOBS } from "@/lib/workers/jobs";
import { WorkerBusyError, WorkerTimeoutError } from "@/lib/workers/errors";
import { WorkerPool } from "@/lib/workers/pool";
import { generateSyntheticNews } from "@/scripts/bench/synthetic-news";

/**
 * The worker pool (issue 23, finding 1): a CPU-bound job runs in a worker thread while the main
 * thread's event loop keeps turning; a job out of time or with an error is reported as such and
 * the pool goes on; a full queue refuses at once.
 */

const { articles } = generateSyntheticNews(3_000);
const pool = new WorkerPool({ size: 1, maxQueued: 2, nice: 10 });
afterAll(() => pool.close());

/** The longest gap between ticks of a 5 ms timer while `work` runs. */
async function longestStall<T>(work: Promise<T>): Promise<{ value: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    return { value: await work, stallMs };
  } finally {
    clearInterval(timer);
  }
}

describe("WorkerPool", () => {
  it("clusters 3,000 articles off the main thread, with the same drafts as in it", async () => {
    const started = performance.now();
    const inThread = draftCards(articles);
    const inThreadMs = performance.now() - started;
    const { value, stallMs } = await longestStall(pool.run("draftCards", articles, 60_000));
    expect(value).toEqual(inThread);
    expect(value.length).toBeGreaterThan(10);
    // The same work on the main thread stalls it for its whole time; in the worker, the main
    // thread's timer stalls only for copying the articles over and the drafts back (a fraction,
    // however busy the machine: both times grow with its load).
    expect(inThreadMs).toBeGreaterThan(200);
    expect(stallMs).toBeLessThan(inThreadMs / 3);
  }, 60_000);

  it("stops a job past its time limit, reports it, and runs the next job in a new worker", async () => {
    await expect(pool.run("draftCards", articles, 20)).rejects.toBeInstanceOf(WorkerTimeoutError);
    expect(pool.workers).toBe(0);
    const drafts = await pool.run("draftCards", articles.slice(0, 50), 30_000);
    expect(Array.isArray(drafts)).toBe(true);
    expect(pool.workers).toBe(1);
  }, 60_000);

  it("reports a job's error by its name and message, and the worker stays", async () => {
    const bad = { answer: null, articles: [] } as never;
    const error = await pool.run("groundAnswer", bad, 10_000).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("TypeError");
    expect(pool.workers).toBe(1);
  });

  it("refuses a job at once when the queue is full", async () => {
    const running = pool.run("draftCards", articles.slice(0, 50), 60_000);
    const queued = [pool.run("draftCards", [], 60_000), pool.run("draftCards", [], 60_000)];
    await expect(pool.run("draftCards", [], 60_000)).rejects.toBeInstanceOf(WorkerBusyError);
    await Promise.all([running, ...queued]);
  }, 60_000);
});

describe("WorkerPool job classes (issue 34)", () => {
  it("runs a queued rebuild before queued analyses, and takes it when the analyses' queue is full", async () => {
    const order: string[] = [];
    const note = (name: string) => (p: Promise<unknown>) =>
      p.then(
        () => order.push(name),
        () => order.push(name),
      );
    const running = note("running")(pool.run("draftCards", articles.slice(0, 400), 60_000));
    // The analyses' queue (2 here) filled by readers; a rebuild and a login still get in, and first.
    const bad = { answer: null, articles: [] } as never;
    const analyses = [1, 2].map((i) => note(`analysis ${i}`)(pool.run("groundAnswer", bad, 60_000)));
    await expect(pool.run("groundAnswer", bad, 60_000)).rejects.toBeInstanceOf(WorkerBusyError);
    const login = note("login")(pool.run("verifyPassword", { password: "x", stored: "malformed" }, 60_000));
    const rebuild = note("rebuild")(pool.run("draftCards", [], 60_000));
    await Promise.all([running, ...analyses, login, rebuild]);
    expect(order).toEqual(["running", "rebuild", "login", "analysis 1", "analysis 2"]);
  }, 60_000);

  it("plans a rebuild's card ids and writes in a worker, as on the main thread", async () => {
    const drafts = draftCards(articles);
    const input = { stored: [], drafts, demoIds: [] };
    const plan = await pool.run("planCardChanges", input, 60_000);
    expect(plan).toEqual(JOBS.planCardChanges(input));
    expect(plan.cards).toBe(drafts.length);
    expect(plan.changes.create).toHaveLength(drafts.length);
  }, 60_000);
});
