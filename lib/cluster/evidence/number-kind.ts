/** What a number feature measures: a count, a percentage, an amount, an ordinal or a code. */

// What a number measures, as bit flags: a count and an amount of money ("30-year pact", "$2.8B
// fund") are no conflict; two different counts, or two different amounts, are.
const NUMBER_KINDS = { count: 1, percent: 2, amount: 4, ordinal: 8, code: 16 } as const;

/** The kind of a canonical number term ("12", "5.5%", "1.8b", "90th", "mh370"). */
export function numberKind(term: string): number {
  if (term.endsWith("%")) return NUMBER_KINDS.percent;
  if (/^[\d.]+[kmbt]$/.test(term)) return NUMBER_KINDS.amount;
  if (/^\d+(st|nd|rd|th|s)$/.test(term)) return NUMBER_KINDS.ordinal;
  if (/^[\d.]+$/.test(term)) return NUMBER_KINDS.count;
  return NUMBER_KINDS.code;
}
