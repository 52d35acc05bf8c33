/**
 * The grey zone: candidate pairs from two different outlets whose probability under the pair model
 * lies in a band where words alone cannot settle whether they report one event (two reports of
 * one story in different words score there, and so do reports of two stories that share names and
 * topic words). These are the pairs worth a reader's judgement: the rebuild asks a language model
 * about them when one is configured (lib/services/ask-model-about-pairs.ts), best first, within its bounds;
 * a later round asks those left (lib/cluster/verdicts/follow-up.ts).
 * The band and the caps: GREY_ZONE in lib/cluster/tuning.ts.
 */
import { grow } from "@/lib/cluster/typed-arrays";

/** A pair the pair model is unsure of, by article ids (a before b in the clusterer's order). */
export interface GreyPair {
  a: string;
  b: string;
  /** The pair model's probability that the two report one story. */
  probability: number;
}

export interface GreyZoneOptions {
  /** The band of probabilities, [low, high). */
  low: number;
  high: number;
  /** At most this many pairs, best first. */
  limit: number;
  /** At most this many pairs naming one article, so one article's many look-alikes do not fill the list. */
  perArticle: number;
}

/** Collects the grey-zone pairs of a batch as they are scored, then hands out the best. */
export class GreyZoneCollector {
  private from = new Int32Array(256);
  private to = new Int32Array(256);
  private probability = new Float64Array(256);
  private count = 0;

  constructor(
    private readonly options: GreyZoneOptions,
    /** Per article, a number standing for its outlet. */
    private readonly outlets: Int32Array,
  ) {}

  /** The lowest probability a pair is kept at. */
  get low(): number {
    return this.options.low;
  }

  /** Offers a scored pair without a verdict; kept when the outlets differ and it lies in the band. */
  offer(i: number, j: number, probability: number): void {
    const { low, high } = this.options;
    if (probability < low || probability >= high || this.outlets[i] === this.outlets[j]) return;
    if (this.count === this.from.length) {
      this.from = grow(this.from, this.count + 1);
      this.to = grow(this.to, this.count + 1);
      this.probability = grow(this.probability, this.count + 1);
    }
    const [a, b] = i < j ? [i, j] : [j, i];
    this.from[this.count] = a;
    this.to[this.count] = b;
    this.probability[this.count++] = probability;
  }

  /**
   * The best pairs (highest probability first; ties by the articles' order), at most `limit`, at
   * most `perArticle` naming one article, `ids` naming the articles by index; pairs `skip` names
   * are passed over (a later round leaves out the pairs the cards already hold together).
   */
  take(ids: readonly string[], skip?: (i: number, j: number) => boolean): GreyPair[] {
    const order = Array.from({ length: this.count }, (_, k) => k).sort(
      (x, y) =>
        this.probability[y] - this.probability[x] || this.from[x] - this.from[y] || this.to[x] - this.to[y],
    );
    const named = new Map<number, number>();
    const pairs: GreyPair[] = [];
    for (const k of order) {
      if (pairs.length >= this.options.limit) break;
      const [i, j] = [this.from[k], this.to[k]];
      if (skip?.(i, j)) continue;
      if ((named.get(i) ?? 0) >= this.options.perArticle || (named.get(j) ?? 0) >= this.options.perArticle)
        continue;
      named.set(i, (named.get(i) ?? 0) + 1);
      named.set(j, (named.get(j) ?? 0) + 1);
      pairs.push({ a: ids[i], b: ids[j], probability: Math.round(this.probability[k] * 1e4) / 1e4 });
    }
    return pairs;
  }
}
