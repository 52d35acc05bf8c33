import "server-only";

/**
 * Server-rendered pages of one kind take turns (issue 34). A page's render is CPU on the main
 * thread (an outlet page: 22–37 ms on two cores); four requested at once rendered side by side,
 * and the liveness probe sent with them waited for all four (95–145 ms). Taking turns, each
 * render runs alone and the probe gets in between two: the renders cost what they cost, in the
 * same total time. A page waits with renderInTurn; its turn ends when its answer is sent
 * (next/server's after), and at the latest TURN_MAX_MS after it began, so a client that reads
 * slowly holds no one up for long (docs/decisions/160-pages-take-turns.md).
 */

import { after } from "next/server";

/** The longest a render keeps its turn: several renders' time, far below a reader's patience. */
export const TURN_MAX_MS = 250;

interface Line {
  busy: boolean;
  waiting: (() => void)[];
}

const holder = globalThis as unknown as { __newsRenderTurns?: Map<string, Line> };
const lines = (holder.__newsRenderTurns ??= new Map());

function lineOf(kind: string): Line {
  let line = lines.get(kind);
  if (!line) lines.set(kind, (line = { busy: false, waiting: [] }));
  return line;
}

function pass(line: Line): void {
  const next = line.waiting.shift();
  if (next) next();
  else line.busy = false;
}

/**
 * Waits for the turn of a page of this kind, first come first served; resolves to the function
 * that ends it (calling it twice, or after TURN_MAX_MS ended it, does nothing).
 */
export async function takeRenderTurn(kind: string): Promise<() => void> {
  const line = lineOf(kind);
  if (line.busy) await new Promise<void>((resolve) => line.waiting.push(resolve));
  else line.busy = true;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    pass(line);
  };
  const timer = setTimeout(end, TURN_MAX_MS);
  timer.unref();
  return end;
}

/**
 * For a page's server component, before it renders: waits for the turn of pages of this kind,
 * which ends once this request's answer is sent.
 */
export async function renderInTurn(kind: string): Promise<void> {
  after(await takeRenderTurn(kind));
}
