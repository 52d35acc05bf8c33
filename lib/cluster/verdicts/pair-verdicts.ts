/**
 * Verdicts on pairs of articles: whether a reader (a language model, asked by the rebuild about
 * the pairs the pair model is unsure of) judged that two reports tell one event. The clusterer
 * takes them as evidence beside the pair model's probability: a "same" lifts the pair to a join,
 * a "different" blocks it (lib/cluster/assembly/cluster-articles.ts, lib/cluster/assembly/join-cards.ts).
 */

/** What a reader said of a pair: one story, two, or that the texts do not tell. */
export type VerdictAnswer = "same" | "different" | "unclear";

/** One verdict, by article ids (either order). */
export interface PairVerdict {
  a: string;
  b: string;
  verdict: VerdictAnswer;
}

/** The one key of an unordered pair of article ids. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/** A verdict as read from a batch: same, different, unclear (asked, but it settles nothing) or none. */
export const Verdict = { None: 0, Same: 1, Different: 2, Unclear: 3 } as const;
export type Verdict = (typeof Verdict)[keyof typeof Verdict];

const CODES: Record<VerdictAnswer, Verdict> = {
  same: Verdict.Same,
  different: Verdict.Different,
  unclear: Verdict.Unclear,
};

/** The verdicts of one batch by article index (the clusterer's order), for hot loops. */
export class VerdictLookup {
  /** Per pair i·n + j (i < j), the verdict. */
  private readonly byPair = new Map<number, Verdict>();
  /** Per article, 1 when some verdict names it: most pairs are passed over without a lookup. */
  private readonly named: Uint8Array;
  readonly size: number;

  constructor(
    verdicts: readonly PairVerdict[],
    indexOf: ReadonlyMap<string, number>,
    private readonly n: number,
  ) {
    this.named = new Uint8Array(n);
    for (const v of verdicts) {
      const i = indexOf.get(v.a);
      const j = indexOf.get(v.b);
      if (i === undefined || j === undefined || i === j) continue;
      this.byPair.set(this.key(i, j), CODES[v.verdict]);
      this.named[i] = 1;
      this.named[j] = 1;
    }
    this.size = this.byPair.size;
  }

  /** The verdict on articles i and j (either order). */
  get(i: number, j: number): Verdict {
    if (!this.named[i] || !this.named[j]) return Verdict.None;
    return this.byPair.get(this.key(i, j)) ?? Verdict.None;
  }

  /** Every verdict as (i, j, verdict), i < j, in pair order (whatever order the verdicts came in). */
  forEach(visit: (i: number, j: number, verdict: Verdict) => void): void {
    const keys = [...this.byPair.keys()].sort((x, y) => x - y);
    for (const key of keys) visit(Math.floor(key / this.n), key % this.n, this.byPair.get(key)!);
  }

  /**
   * Whether two groups of a forest hold a pair judged different: a test of the groups' roots,
   * run over the few "different" verdicts (a join the passes after average linkage refuse).
   */
  keptApart(find: (i: number) => number): (a: number, b: number) => boolean {
    const pairs: [number, number][] = [];
    this.forEach((i, j, verdict) => {
      if (verdict === Verdict.Different) pairs.push([i, j]);
    });
    if (!pairs.length) return () => false;
    return (a, b) =>
      pairs.some(([i, j]) => {
        const [ri, rj] = [find(i), find(j)];
        return (ri === a && rj === b) || (ri === b && rj === a);
      });
  }

  private key(i: number, j: number): number {
    return i < j ? i * this.n + j : j * this.n + i;
  }
}
