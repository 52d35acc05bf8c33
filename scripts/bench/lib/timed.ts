/**
 * Timing helpers of the benchmarks (edge-costs.ts, outlet.ts; hostile-load.ts its option): a `--name value`
 * option, wall-clock and CPU times of repeated runs, and their one-line summary.
 */
import { percentile } from "./server";

/** The value after `--name` on the command line, if given. */
export function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

export const ms = (v: number) => `${v.toFixed(1)} ms`;

export interface Times {
  wall: number[];
  cpu: number[];
}

/**
 * Wall-clock and CPU time of each run, after one warm-up. On PGlite the database runs in this
 * process, so CPU time is what a request holds the event loop for, and is less disturbed by other
 * load on the machine.
 */
export async function timed(runs: number, once: () => Promise<unknown>): Promise<Times> {
  await once(); // warm-up
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await once();
    const c = process.cpuUsage(c0);
    wall.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { wall, cpu };
}

/** "p50 …, p95 … (CPU p50 …)". */
export const summary = ({ wall, cpu }: Times) =>
  `p50 ${ms(percentile(wall, 50))}, p95 ${ms(percentile(wall, 95))} (CPU p50 ${ms(percentile(cpu, 50))})`;
